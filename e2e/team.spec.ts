import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { apiCall, configureMailgun, pendingRedeems, registerAccount } from "./support/api.ts";
import type { AppServer } from "./support/app-server.ts";
import { openPage } from "./support/browser.ts";
import { type DemoSession, startDemoSession } from "./support/demo-session.ts";
import { invitation } from "./support/invitations.ts";
import { signIn } from "./support/sign-in.ts";

type Redeem = { _id: string; redeemEmail: string; status: 0 | 1 | 2 };
type AppUser = { _id: string; username: string; points: number };

let session: DemoSession;
let server: AppServer;
let owner: Page;
let token: string;
/** The support agent's browser, signed in once they have joined. */
let page: Page;

const support = { fullName: "Sue Support", email: "sue@support.test", password: "harbor-lantern-42" };

beforeAll(async () => {
  session = await startDemoSession();
  ({ server, page: owner, token } = session);
  // The pay form sends the reward by the app's mail: configure it up front.
  await configureMailgun(server.baseUrl, token);
});
afterAll(async () => {
  await session?.close();
});

it("an owner invites support, who joins, pays a redeem and may not save the App Setting", async () => {
  await owner.getByRole("link", { name: "Team", exact: true }).first().click();
  await owner.waitForURL("**/dash/team");
  await owner.getByLabel("Email", { exact: true }).fill(support.email);
  await owner.getByRole("button", { name: "Invite" }).click();
  await owner.getByText(`Invitation sent to ${support.email}`).waitFor();
  await owner
    .locator("tr", { hasText: support.email })
    .getByRole("button", { name: /Withdraw/ })
    .waitFor();

  const { link } = await invitation(server.mail, support.email);

  // The invitee, in a browser of their own.
  page = await openPage(session.browser, server.baseUrl);
  await page.goto(new URL(link).pathname);
  await page.getByText(/You are invited to join .+ as Support/).waitFor();
  await page.getByLabel("Full name").fill(support.fullName);
  await page.getByLabel("Password", { exact: true }).fill(support.password);
  await page.getByLabel("Confirm Password").fill(support.password);
  await page.getByRole("button", { name: "Create my account and join" }).click();
  await page.waitForURL("**/dashboard");

  // Signing in again as the new member lands in the app joined.
  await page.getByRole("button", { name: /User menu$/ }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await page.waitForURL("**/auth/login");
  await signIn(page, support.email, support.password);
  expect(await page.getByRole("link", { name: "Activity" }).count()).toBe(0);
  expect(await page.getByRole("link", { name: "Team" }).count()).toBe(0);

  // Support pays a pending redeem.
  const pending = (await pendingRedeems<Redeem>(server.baseUrl, token, 1))[0] as Redeem;
  await page.goto(`/dash/redeems/${pending._id}/edit`);
  await page.getByRole("heading", { name: `Send Redeem to ${pending.redeemEmail}` }).waitFor();
  await page.getByLabel("Gift Card Code").fill("TEAM-GIFT-1");
  await page.getByRole("button", { name: "Send Reward" }).click();
  await page.getByText(`Reward sent to ${pending.redeemEmail}`).waitFor();
  const paid = await apiCall<Redeem>(server.baseUrl, "GET", `/api/redeem/${pending._id}`, undefined, token);
  expect(paid.body.status).toBe(1);

  // The App Setting opens to read, but its Save is refused.
  await page.goto("/dash/setting");
  const save = page.getByRole("button", { name: "Save" }).first();
  await save.waitFor();
  expect(await save.getAttribute("data-disabled")).not.toBeNull();
  await save.hover();
  await page.getByText("Your role does not allow this").waitFor();
});

const dataRows = () => page.locator("tbody tr:not(.mantine-datatable-empty-row)");
const pointsOf = async (id: string) =>
  (await apiCall<AppUser>(server.baseUrl, "GET", `/api/users/${id}`, undefined, token)).body.points;

it("support adjusts a user's points within the app's limit, and is refused beyond what is left", async () => {
  // The owner sets the support agents' limit.
  const rules = await apiCall(
    server.baseUrl,
    "PUT",
    "/api/team/settings",
    { requireMfa: false, supportAdjustmentLimit: 100 },
    token,
  );
  expect(rules.status).toBe(200);
  const users = await apiCall<{ entities: AppUser[] }>(
    server.baseUrl,
    "POST",
    "/api/users?group=false",
    { queryParams: { filter: {}, sortField: "createdAt", sortOrder: "desc", pageNumber: 1, pageSize: 1 } },
    token,
  );
  const user = users.body.entities[0] as AppUser;

  // Support finds the user and adds 60 points: within the limit.
  await page.goto(`/dash/customers?searchIn=_id&search=${user._id}`);
  await expect.poll(() => dataRows().count(), { timeout: 10_000 }).toBe(1);
  await dataRows().first().getByRole("link", { name: "Edit" }).click();
  let dialog = page.getByRole("dialog", { name: "Edit User" });
  await dialog.getByText("You can adjust up to 100 more points in the next 24 hours").waitFor();
  await dialog.getByLabel("Adjust points").fill("60");
  await dialog.getByLabel("Reason").fill("Goodwill for a late payout");
  await dialog.getByRole("button", { name: "Save" }).click();
  await dialog.waitFor({ state: "detached" });
  expect(await pointsOf(user._id)).toBe(user.points + 60);

  // 50 more is over the 40 left: refused on the field, the balance unchanged.
  await dataRows().first().getByRole("link", { name: "Edit" }).click();
  dialog = page.getByRole("dialog", { name: "Edit User" });
  await dialog.getByText("You can adjust up to 40 more points in the next 24 hours").waitFor();
  await dialog.getByLabel("Adjust points").fill("50");
  await dialog.getByLabel("Reason").fill("More goodwill");
  await dialog.getByRole("button", { name: "Save" }).click();
  await dialog.getByText("Support can adjust at most 100 points in 24 hours; 40 are left").waitFor();
  expect(await pointsOf(user._id)).toBe(user.points + 60);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await dialog.waitFor({ state: "detached" });
});

it("a member of two apps switches between them from the header, and acts there with that app's role", async () => {
  // Otto registers an app of his own; the installation's owner approves him.
  const otto = { fullName: "Otto Other", username: "otto@other.test", password: "meadow-falcon-61" };
  expect((await registerAccount(server.baseUrl, otto)).status).toBe(403);
  const admins = await apiCall<{ entities: { _id: string; username: string }[] }>(
    server.baseUrl,
    "GET",
    "/api/admins",
    undefined,
    token,
  );
  const ottoId = admins.body.entities.find((admin) => admin.username === otto.username)?._id;
  const approved = await apiCall(
    server.baseUrl,
    "PUT",
    `/api/admins/${ottoId}/state`,
    { status: "active" },
    token,
  );
  expect(approved.status).toBe(200);
  const ottoLogin = await apiCall<{ accessToken: string }>(server.baseUrl, "POST", "/api/users/login", {
    username: otto.username,
    password: otto.password,
  });
  const ottoToken = ottoLogin.body.accessToken;

  // Otto invites Sue as an admin of his app; Sue, signed in, joins it through the API.
  const before = server.mail.received.length;
  const invite = await apiCall(
    server.baseUrl,
    "POST",
    "/api/team/invites",
    { email: support.email, role: "admin" },
    ottoToken,
  );
  expect(invite.status).toBe(201);
  const { token: inviteToken } = await invitation(server.mail, support.email, before);
  const sueLogin = await apiCall<{ accessToken: string }>(server.baseUrl, "POST", "/api/users/login", {
    username: support.email,
    password: support.password,
  });
  const joined = await apiCall(
    server.baseUrl,
    "POST",
    `/api/users/auth/invite/${inviteToken}`,
    {},
    sueLogin.body.accessToken,
  );
  expect(joined.status).toBe(200);

  // In the demo app Sue is support: users to see, no Activity.
  await page.goto("/dash/customers");
  await expect.poll(() => dataRows().count(), { timeout: 10_000 }).toBeGreaterThan(0);
  const apps = await apiCall<{ apps: { appName: string }[] }>(
    server.baseUrl,
    "GET",
    "/api/profile/apps",
    undefined,
    sueLogin.body.accessToken,
  );
  expect(apps.body.apps.map((app) => app.appName)).toContain(otto.fullName);
  const switcher = page.getByRole("combobox", { name: "App" });
  await switcher.waitFor();
  const demoApp = await switcher.inputValue();
  expect(demoApp).not.toBe(otto.fullName);
  expect(await page.getByRole("link", { name: "Activity" }).count()).toBe(0);

  // Switching to Otto's app: its (empty) users, and an admin's menu.
  await switcher.click();
  await page.getByRole("option", { name: otto.fullName }).click();
  await page.getByText(`Now working in ${otto.fullName}`).waitFor();
  await page.waitForURL("**/dashboard");
  await expect.poll(() => switcher.inputValue(), { timeout: 10_000 }).toBe(otto.fullName);
  await page.getByRole("link", { name: "Activity" }).first().waitFor();
  expect(await page.getByRole("link", { name: "Team" }).count()).toBe(0);
  await page.goto("/dash/customers");
  await page.getByText("No records found").waitFor();
  expect(await dataRows().count()).toBe(0);

  // And back: the demo app's users again, as support.
  await switcher.click();
  await page.getByRole("option", { name: demoApp }).click();
  await page.waitForURL("**/dashboard");
  await expect.poll(() => switcher.inputValue(), { timeout: 10_000 }).toBe(demoApp);
  expect(await page.getByRole("link", { name: "Activity" }).count()).toBe(0);
  await page.goto("/dash/customers");
  await expect.poll(() => dataRows().count(), { timeout: 10_000 }).toBeGreaterThan(0);
});
