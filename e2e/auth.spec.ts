import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { registerAccount } from "./support/api.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { launchChromium, openPage } from "./support/browser.ts";
import { signIn } from "./support/sign-in.ts";

const owner = { fullName: "Oscar Owner", username: "oscar@owner.test", password: "amber-lantern-77" };

let server: AppServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ demo: false }), launchChromium()]);
  expect((await registerAccount(server.baseUrl, owner)).status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it("signs in and out", async () => {
  const page = await openPage(browser, server.baseUrl);
  await signIn(page, owner.username, owner.password);
  await page.getByRole("button", { name: /User menu$/ }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await page.waitForURL("**/auth/login");
  // Signed out, the dashboard sends the visitor back to sign in.
  await page.goto("/dashboard");
  await page.waitForURL("**/auth/login");
});

it("shows the message for a wrong password", async () => {
  const page = await openPage(browser, server.baseUrl);
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(owner.username);
  await page.getByLabel("Password", { exact: true }).fill("not-the-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.getByText("The login detail is incorrect").waitFor();
  expect(new URL(page.url()).pathname).toBe("/auth/login");
});

it("recovers a forgotten password through the e-mailed link", async () => {
  const account = { fullName: "Rita Reset", username: "rita@reset.test", password: "copper-kettle-19" };
  // Rita is a pending administrator; recovery works for her as for anyone with an account.
  await registerAccount(server.baseUrl, account);
  const page = await openPage(browser, server.baseUrl);
  await page.goto("/auth/login");
  await page.getByRole("link", { name: /Forgot Password/ }).click();
  await page.getByText("Forgotten Password?").waitFor();
  await page.getByLabel("Email").fill(owner.username);
  await page.getByRole("button", { name: "Submit" }).click();
  await page.waitForURL("**/auth/login");

  const mail = await server.mail.waitFor(owner.username);
  const link = /http:\/\/\S+\/auth\/reset\/[\w-]+/.exec(mail.fields.text ?? "")?.[0];
  expect(link).toBeDefined();
  await page.goto(new URL(link ?? "").pathname);
  await page.getByText("Reset Password").first().waitFor();
  const newPassword = "saffron-meadow-88";
  await page.getByLabel("Password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm Password").fill(newPassword);
  await page.getByRole("button", { name: "Submit" }).click();
  await page.getByText("Your password has been reset").waitFor();

  // The same link cannot be used twice: the page says so above the form.
  await page.reload();
  await page.getByText("already been used").waitFor();

  owner.password = newPassword;
  await signIn(await openPage(browser, server.baseUrl), owner.username, newPassword);
});

it("an unknown address is not found on the forgot-password page", async () => {
  const page = await openPage(browser, server.baseUrl);
  await page.goto("/auth/forgot-password");
  await page.getByLabel("Email").fill("nobody@nowhere.test");
  await page.getByRole("button", { name: "Submit" }).click();
  await page.getByText("The requested nobody@nowhere.test is not found").waitFor();
});

it("a second registration waits until the owner approves it", async () => {
  const page = await openPage(browser, server.baseUrl);
  await page.goto("/auth/registration");
  await page.getByLabel("Fullname").fill("Paula Pending");
  await page.getByLabel("Email").fill("paula@pending.test");
  await page.getByLabel("Password", { exact: true }).fill("indigo-garden-31");
  await page.getByLabel("Confirm Password").fill("indigo-garden-31");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Submit" }).click();
  await page.getByText("Your account waiting to be approved.").waitFor();

  const ownerPage = await openPage(browser, server.baseUrl);
  await signIn(ownerPage, owner.username, owner.password);
  await ownerPage.getByRole("link", { name: "Administrators" }).first().click();
  await ownerPage.waitForURL("**/dash/admins");
  const row = ownerPage.getByRole("row").filter({ hasText: "paula@pending.test" });
  await row.getByRole("button", { name: "Approve" }).click();
  await row.getByText(/active/i).waitFor();

  await signIn(page, "paula@pending.test", "indigo-garden-31");
  await expect.poll(() => page.getByText("Hi, Paula Pending").count()).toBeGreaterThan(0);
});
