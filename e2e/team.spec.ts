import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { apiCall } from "./support/api.ts";
import type { AppServer } from "./support/app-server.ts";
import { openPage } from "./support/browser.ts";
import { type DemoSession, startDemoSession } from "./support/demo-session.ts";
import { signIn } from "./support/sign-in.ts";

type Redeem = { _id: string; redeemEmail: string; status: 0 | 1 | 2 };

let session: DemoSession;
let server: AppServer;
let owner: Page;
let token: string;

const support = { fullName: "Sue Support", email: "sue@support.test", password: "harbor-lantern-42" };

beforeAll(async () => {
  session = await startDemoSession();
  ({ server, page: owner, token } = session);
  // The pay form sends the reward by the app's mail: configure it up front.
  const config = await apiCall(
    server.baseUrl,
    "POST",
    "/api/setting/mailgun/",
    {
      mailgunDomain: "mg.tenant.test",
      apiKey: "key-tenant",
      fromEmail: "rewards@tenant.test",
      supportEmail: "support@tenant.test",
    },
    token,
  );
  expect(config.status).toBe(200);
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

  const mail = await server.mail.waitFor(support.email, 20_000);
  const link = /http:\/\/\S+\/auth\/invite\/[\w-]+/.exec(mail.fields.text ?? "")?.[0];
  expect(link).toBeDefined();

  // The invitee, in a browser of their own.
  const page = await openPage(session.browser, server.baseUrl);
  await page.goto(new URL(link ?? "").pathname);
  await page.getByText(/You are invited to join .+ as Support/).waitFor();
  await page.getByLabel("Full name").fill(support.fullName);
  await page.getByLabel("Password", { exact: true }).fill(support.password);
  await page.getByLabel("Confirm Password").fill(support.password);
  await page.getByRole("button", { name: "Create my account and join" }).click();
  await page.waitForURL("**/dashboard");

  // Signing in again as the new member lands in the app joined.
  await page.getByLabel("User menu").click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await page.waitForURL("**/auth/login");
  await signIn(page, support.email, support.password);
  expect(await page.getByRole("link", { name: "Activity" }).count()).toBe(0);
  expect(await page.getByRole("link", { name: "Team" }).count()).toBe(0);

  // Support pays a pending redeem.
  const list = await apiCall<{ entities: Redeem[] }>(
    server.baseUrl,
    "POST",
    "/api/redeem/?group=false",
    {
      queryParams: {
        filter: { status: 0 },
        sortField: "redeemDate",
        sortOrder: "desc",
        pageNumber: 1,
        pageSize: 1,
      },
    },
    token,
  );
  const pending = list.body.entities[0] as Redeem;
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
