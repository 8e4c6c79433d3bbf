import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { registerAccount } from "./support/api.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { launchChromium, openPage } from "./support/browser.ts";
import { signIn } from "./support/sign-in.ts";

const owner = { fullName: "Sam Shell", username: "sam@shell.test", password: "marble-comet-64" };

let server: AppServer;
let browser: Browser;
let page: Page;
beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ demo: false }), launchChromium()]);
  expect((await registerAccount(server.baseUrl, owner)).status).toBe(200);
  page = await openPage(browser, server.baseUrl);
  await signIn(page, owner.username, owner.password);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it("a signed-out visit goes to the sign-in page", async () => {
  const visitor = await openPage(browser, server.baseUrl);
  for (const path of ["/dashboard", "/dash/admins", "/"]) {
    await visitor.goto(path);
    await visitor.waitForURL("**/auth/login");
  }
  await visitor.goto("/auth/anything");
  await visitor.waitForURL("**/auth/login");
});

it("unknown paths go to the error page", async () => {
  await page.goto("/no/such/page");
  await page.waitForURL("**/error/error-v1");
  await page.getByText("404", { exact: true }).waitFor();
  await page.getByText("OOPS! Something went wrong here").waitFor();
});

it("a signed-in visit to /auth goes home", async () => {
  await page.goto("/auth/login");
  await page.waitForURL("**/dashboard");
});

it("the minimised aside survives a reload", async () => {
  await page.goto("/dashboard");
  const aside = page.locator("[data-minimized]").first();
  expect(await aside.getAttribute("data-minimized")).toBe("false");
  await page.getByLabel("Minimize menu").click();
  await expect.poll(() => aside.getAttribute("data-minimized")).toBe("true");
  await page.reload();
  await expect
    .poll(() => page.locator("[data-minimized]").first().getAttribute("data-minimized"))
    .toBe("true");
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === "aside_minimized")?.value).toBe("true");
  await page.getByLabel("Expand menu").click();
  await expect
    .poll(() => page.locator("[data-minimized]").first().getAttribute("data-minimized"))
    .toBe("false");
});

it("the profile panel names the role and signs out", async () => {
  const own = await openPage(browser, server.baseUrl);
  await signIn(own, owner.username, owner.password);
  await own.getByRole("button", { name: /User menu$/ }).click();
  await own.getByRole("menuitem", { name: "My Profile" }).click();
  await own.getByText("Application Administrator").waitFor();
  await own.getByText(owner.username).first().waitFor();
  await own.getByRole("dialog").getByRole("link", { name: "Sign out" }).click();
  await own.waitForURL("**/auth/login");
});
