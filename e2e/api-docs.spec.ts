import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { registerAccount } from "./support/api.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { launchChromium, openPage } from "./support/browser.ts";
import { signIn } from "./support/sign-in.ts";

// A production-like server (no demo data): the API reference answers the owner only.
let server: AppServer;
let browser: Browser;
const owner = { fullName: "Olivia Owner", username: "olivia@docs.test", password: "violet-harbour-42" };
beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ demo: false }), launchChromium()]);
  const registered = await registerAccount(server.baseUrl, owner);
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Content Security Policy violations the page reports, caught before any of its scripts run. */
async function watchCsp(page: Page) {
  const messages: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) messages.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(
        `Content Security Policy violation on ${location.pathname}: ${event.violatedDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return messages;
}

it("shows the reference to the signed-in owner, under the strict CSP", async () => {
  const dashboard = await openPage(browser, server.baseUrl);
  await signIn(dashboard, owner.username, owner.password);
  // The reference in another tab of the same browser: it finds the token the dashboard keeps.
  const page = await dashboard.context().newPage();
  const violations = await watchCsp(page);
  const documentAnswer = page.waitForResponse((answer) => /\/api\/docs\/json$/.test(answer.url()));
  await page.goto("/api/docs");
  // The page fetched the whole document with the owner's token (a visitor gets none)…
  const document = await documentAnswer;
  expect(document.status()).toBe(200);
  const paths = Object.keys(((await document.json()) as { paths: Record<string, unknown> }).paths);
  expect(paths.length).toBeGreaterThan(60);
  // …and renders it. Past about 130 operations Swagger UI renders them as they scroll into view, so only the
  // first ones are counted.
  await expect.poll(() => page.locator(".opblock").count(), { timeout: 20_000 }).toBeGreaterThan(5);
  expect(await page.getByText("Rewards Admin API").count()).toBeGreaterThan(0);
  await page.locator(".opblock-tag", { hasText: "users" }).first().isVisible();
  expect(violations).toEqual([]);
});

it("does not show it to a visitor who is not signed in", async () => {
  const page = await openPage(browser, server.baseUrl);
  const violations = await watchCsp(page);
  const document = page.waitForResponse((response) => response.url().endsWith("/api/docs/json"));
  await page.goto("/api/docs");
  expect((await document).status()).toBe(401);
  await expect.poll(() => page.getByText(/Failed to load API definition/i).count()).toBeGreaterThan(0);
  expect(await page.locator(".opblock").count()).toBe(0);
  expect(violations).toEqual([]);
});
