import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { apiCall, registerAccount } from "./support/api.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { launchChromium, openPage } from "./support/browser.ts";
import { totpCodes } from "./support/totp.ts";

const owner = { fullName: "Tess Totp", username: "tess@security.test", password: "granite-harbor-52" };
const shots = "/tmp/shots";
const wrongCode = "Enter the 6-digit code from your authenticator app";
// The panel loads its security area lazily, then asks for the sessions.
const poll = { timeout: 10_000 };

let server: AppServer;
let browser: Browser;
// Filled by the enrolment: the owner's authenticator app and the recovery codes saved from the dialog.
let codes: ReturnType<typeof totpCodes>;
let recoveryCodes: string[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ demo: false }), launchChromium()]);
  const registered = await registerAccount(server.baseUrl, owner);
  expect(registered.status).toBe(200);
  // Registration signs in too: end that session, so the browser's are the only ones.
  const logout = await apiCall(
    server.baseUrl,
    "POST",
    "/api/users/logout",
    undefined,
    registered.body.accessToken,
  );
  expect(logout.status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const tokenOf = (page: Page) =>
  page.evaluate(
    (): string | null => JSON.parse(localStorage.getItem("rewards-auth") ?? "{}").state?.authToken ?? null,
  );

async function passwordStep(page: Page) {
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(owner.username);
  await page.getByLabel("Password", { exact: true }).fill(owner.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

async function openProfile(page: Page) {
  await page.getByRole("button", { name: /User menu$/ }).click();
  await page.getByRole("menuitem", { name: "My Profile" }).click();
  return page.getByRole("dialog", { name: "User Profile" });
}

/** The sessions table's rows, without its header. */
const sessionRows = (page: Page) => page.getByRole("table", { name: "Active sessions" }).locator("tbody tr");

it("turns on two-factor sign-in from the profile panel and shows the recovery codes once", async () => {
  const page = await openPage(browser, server.baseUrl);
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(owner.username);
  await page.getByLabel("Password", { exact: true }).fill(owner.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL("**/dashboard");

  const panel = await openProfile(page);
  await panel.getByText("Two-factor authentication").waitFor();
  await panel.getByText("Off", { exact: true }).waitFor();
  await panel.getByRole("button", { name: "Set up" }).click();

  const dialog = page.getByRole("dialog", { name: "Set up two-factor authentication" });
  await dialog.getByRole("img", { name: /QR code/ }).waitFor();
  const secret = (await dialog.getByTestId("mfa-secret").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  codes = totpCodes(secret);
  await page.screenshot({ path: `${shots}/enrol-modal.png` });

  // A wrong first code leaves it off, with the server's message on the field.
  await dialog.getByLabel(/Code from the app/).fill("000000");
  await dialog.getByRole("button", { name: "Turn on" }).click();
  await dialog.getByText(/This code is not correct/).waitFor();

  await dialog.getByLabel(/Code from the app/).fill(await codes.next());
  await dialog.getByRole("button", { name: "Turn on" }).click();
  const list = dialog.getByRole("list", { name: "Recovery codes" });
  await list.waitFor();
  recoveryCodes = (await list.getByRole("listitem").allTextContents()).map((code) => code.trim());
  expect(recoveryCodes).toHaveLength(10);
  await page.screenshot({ path: `${shots}/recovery-codes.png` });

  // The .txt download holds the same ten codes.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("link", { name: "Download .txt" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("rewards-admin-recovery-codes.txt");
  const file = await download
    .path()
    .then((path) => import("node:fs/promises").then((fs) => fs.readFile(path, "utf8")));
  for (const code of recoveryCodes) expect(file).toContain(code);

  await dialog.getByRole("button", { name: "I have saved them" }).click();
  await dialog.waitFor({ state: "detached" });
  await panel.getByText("On", { exact: true }).waitFor();
  const me = await apiCall<{ mfaEnabled: boolean }>(
    server.baseUrl,
    "GET",
    "/api/profile/me",
    undefined,
    (await tokenOf(page)) ?? "",
  );
  expect(me.body.mfaEnabled).toBe(true);
  // This browser's session ends here, so the later tests count only their own.
  expect(
    (await apiCall(server.baseUrl, "POST", "/api/users/logout", undefined, (await tokenOf(page)) ?? ""))
      .status,
  ).toBe(200);
  await page.context().close();
});

it("signs out on the server, then signs in with the password and a code", async () => {
  const page = await openPage(browser, server.baseUrl);
  await passwordStep(page);
  const code = page.getByLabel("Authentication code");
  await code.waitFor();
  expect(await code.getAttribute("autocomplete")).toBe("one-time-code");
  expect(await code.getAttribute("inputmode")).toBe("numeric");
  // The password alone holds no token.
  expect(await tokenOf(page)).toBeNull();

  await code.fill("123");
  await page.getByRole("button", { name: "Verify" }).click();
  await page.getByText(`${wrongCode} or a recovery code`).waitFor();
  await page.screenshot({ path: `${shots}/sign-in-code.png` });

  await code.fill(await codes.next());
  await page.getByRole("button", { name: "Verify" }).click();
  await page.waitForURL("**/dashboard");
  const token = await tokenOf(page);
  expect(token).toBeTruthy();

  // Sign out ends the session on the server: the token is useless afterwards, even if copied.
  await page.getByRole("button", { name: /User menu$/ }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await page.waitForURL("**/auth/login");
  expect(await tokenOf(page)).toBeNull();
  expect((await apiCall(server.baseUrl, "GET", "/api/profile/me", undefined, token ?? "")).status).toBe(401);
  await page.context().close();
});

it("lists the sessions of two browsers, revokes the other one, then signs out everywhere", async () => {
  const here = await openPage(browser, server.baseUrl);
  await passwordStep(here);
  // Recovery codes here: another app code would have to wait for the next 30-second step.
  await here.getByRole("button", { name: "Use a recovery code" }).click();
  await here.getByLabel("Recovery code").fill(recoveryCodes[4] ?? "");
  await here.getByRole("button", { name: "Verify" }).click();
  await here.waitForURL("**/dashboard");

  // A second browser signs in with a recovery code.
  const there = await openPage(browser, server.baseUrl);
  await passwordStep(there);
  await there.getByRole("button", { name: "Use a recovery code" }).click();
  await there.getByLabel("Recovery code").fill(recoveryCodes[0] ?? "");
  await there.getByRole("button", { name: "Verify" }).click();
  await there.waitForURL("**/dashboard");

  const panel = await openProfile(here);
  await expect.poll(() => sessionRows(here).count(), poll).toBe(2);
  const current = sessionRows(here).filter({ hasText: "This device" });
  const other = sessionRows(here).filter({ hasNotText: "This device" });
  expect(await current.count()).toBe(1);
  await current.getByText("Headless Chrome on Linux").waitFor();
  await other.getByText("127.0.0.1").waitFor();
  await here.screenshot({ path: `${shots}/sessions.png` });
  // On a phone the panel takes the whole width and the table scrolls sideways inside it.
  await here.setViewportSize({ width: 390, height: 844 });
  await here.screenshot({ path: `${shots}/sessions-phone.png` });
  await here.setViewportSize({ width: 1280, height: 800 });

  // Revoking the other browser's session signs it out at its next request.
  await other.getByRole("button", { name: "Revoke" }).click();
  await expect.poll(() => sessionRows(here).count(), poll).toBe(1);
  await there.goto("/dash/customers");
  await there.waitForURL("**/auth/login");

  // A used recovery code does not work twice.
  await passwordStep(there);
  await there.getByRole("button", { name: "Use a recovery code" }).click();
  await there.getByLabel("Recovery code").fill(recoveryCodes[0] ?? "");
  await there.getByRole("button", { name: "Verify" }).click();
  await there.getByText(/This code is not correct/).waitFor();
  await there.getByLabel("Recovery code").fill(recoveryCodes[1] ?? "");
  await there.getByRole("button", { name: "Verify" }).click();
  // Signed in again, back where it was going (the customers list) or on the dashboard.
  await there.waitForURL((url) => !url.pathname.startsWith("/auth/"));
  const thereToken = await tokenOf(there);

  // Sign out everywhere, after a confirmation: this browser and the other one.
  await panel.getByRole("button", { name: "Sign out everywhere" }).click();
  await here
    .getByRole("dialog")
    .filter({ hasText: "this one included?" })
    .getByRole("button", { name: "Sign out everywhere" })
    .click();
  await here.waitForURL("**/auth/login");
  await here.getByText("Every session has been signed out.").waitFor();
  expect(await tokenOf(here)).toBeNull();
  expect((await apiCall(server.baseUrl, "GET", "/api/profile/me", undefined, thereToken ?? "")).status).toBe(
    401,
  );
  await there.goto("/dash/customers");
  await there.waitForURL("**/auth/login");
});

it("sends an administrator without two-factor sign-in to set it up first, once the owner requires it", async () => {
  // Nia registers and the owner approves her, through the API (the owner signs in with a recovery code).
  const nia = { fullName: "Nia Newcomer", username: "nia@security.test", password: "willow-comet-83" };
  expect((await registerAccount(server.baseUrl, nia)).status).toBe(403);
  const challenge = await apiCall<{ mfaToken: string }>(server.baseUrl, "POST", "/api/users/login", {
    username: owner.username,
    password: owner.password,
  });
  const signedIn = await apiCall<{ accessToken: string }>(server.baseUrl, "POST", "/api/users/login/mfa", {
    mfaToken: challenge.body.mfaToken,
    code: recoveryCodes[2],
  });
  const ownerToken = signedIn.body.accessToken;
  const admins = await apiCall<{ entities: { _id: string; username: string }[] }>(
    server.baseUrl,
    "GET",
    "/api/admins",
    undefined,
    ownerToken,
  );
  const niaId = admins.body.entities.find((admin) => admin.username === nia.username)?._id;
  const approved = await apiCall(
    server.baseUrl,
    "PUT",
    `/api/admins/${niaId}/state`,
    { status: "active" },
    ownerToken,
  );
  expect(approved.status).toBe(200);

  // The owner turns the rule on from the Administrators page.
  const ownerPage = await openPage(browser, server.baseUrl);
  await passwordStep(ownerPage);
  await ownerPage.getByRole("button", { name: "Use a recovery code" }).click();
  await ownerPage.getByLabel("Recovery code").fill(recoveryCodes[3] ?? "");
  await ownerPage.getByRole("button", { name: "Verify" }).click();
  await ownerPage.waitForURL("**/dashboard");
  await ownerPage.goto("/dash/admins");
  const rule = ownerPage.getByRole("switch", {
    name: /Require two-factor authentication for every administrator/,
  });
  await expect.poll(() => rule.isEnabled(), poll).toBe(true);
  // A click, not check(): the switch shows the new value once the change is on its way, so the test waits
  // for the server's answer before asking it.
  const saved = ownerPage.waitForResponse(
    (response) => response.url().endsWith("/api/admins/security") && response.request().method() === "PUT",
  );
  await rule.click();
  expect((await saved).status()).toBe(200);
  await expect.poll(() => rule.isChecked(), poll).toBe(true);
  expect(
    (
      await apiCall<{ requireMfa: boolean }>(
        server.baseUrl,
        "GET",
        "/api/admins/security",
        undefined,
        ownerToken,
      )
    ).body.requireMfa,
  ).toBe(true);

  // Nia, on a phone, signs in with her password and is kept on the set-up screen.
  const page = await openPage(browser, server.baseUrl, { width: 390, height: 844 });
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(nia.username);
  await page.getByLabel("Password", { exact: true }).fill(nia.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL("**/security/two-factor");
  await page.getByRole("heading", { name: "Set up two-factor authentication" }).waitFor();
  const secret = (await page.getByTestId("mfa-secret").textContent())?.trim() ?? "";
  await page.screenshot({ path: `${shots}/enrolment-screen.png`, fullPage: true });
  // Nothing else is reachable, in the browser or through the API.
  const niaToken = (await tokenOf(page)) ?? "";
  const blocked = await apiCall<{ message: string }>(server.baseUrl, "GET", "/api/dash", undefined, niaToken);
  expect(blocked).toMatchObject({ status: 403, body: { message: expect.stringMatching(/required/) } });
  await page.goto("/dash/customers");
  await page.waitForURL("**/security/two-factor");

  // The set-up screen was reloaded: a new secret replaced the first one.
  const newSecret = (await page.getByTestId("mfa-secret").textContent())?.trim() ?? "";
  expect(newSecret).not.toBe(secret);
  await page.getByLabel(/Code from the app/).fill(await totpCodes(newSecret).next());
  await page.getByRole("button", { name: "Turn on" }).click();
  await page.getByRole("list", { name: "Recovery codes" }).waitFor();
  await page.getByRole("button", { name: "I have saved them" }).click();
  await page.waitForURL("**/dashboard");
  await page.getByText("Welcome, Nia Newcomer").waitFor();
  expect((await apiCall(server.baseUrl, "GET", "/api/dash", undefined, niaToken)).status).toBe(200);
});
