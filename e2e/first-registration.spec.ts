import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { launchChromium, openPage } from "./support/browser.ts";

let server: AppServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ demo: false }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it("the first registration of an empty installation signs in as the owner", async () => {
  const page = await openPage(browser, server.baseUrl);
  await page.goto("/auth/registration");
  await page.getByLabel("Fullname").fill("Olivia Owner");
  await page.getByLabel("Email").fill("olivia@owner.test");
  await page.getByLabel("Password", { exact: true }).fill("violet-harbour-42");
  await page.getByLabel("Confirm Password").fill("violet-harbour-42");

  const submit = page.getByRole("button", { name: "Submit" });
  expect(await submit.isDisabled()).toBe(true);
  await page.getByRole("checkbox").check();
  expect(await submit.isEnabled()).toBe(true);
  await submit.click();

  await page.waitForURL("**/dashboard");
  await expect.poll(() => page.getByText("Hi, Olivia Owner").count()).toBeGreaterThan(0);
  // The owner sees the Administrators entry of the Setting section.
  expect(await page.getByRole("link", { name: "Administrators" }).count()).toBeGreaterThan(0);
});
