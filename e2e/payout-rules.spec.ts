import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { apiCall, configureMailgun, pendingRedeems } from "./support/api.ts";
import type { AppServer } from "./support/app-server.ts";
import { openPage } from "./support/browser.ts";
import { type DemoSession, startDemoSession } from "./support/demo-session.ts";
import { invitation } from "./support/invitations.ts";
import { signIn } from "./support/sign-in.ts";

// The payout rules, end to end: the owner asks for approvals above an amount and pauses payouts; the pay
// page shows the pause; lifted, the owner approves a redeem above the amount and may not pay it; a second
// member (an admin who joined by invitation) pays it. Then the owner sets up Tremendous and a hold rule: after
// a reload the secrets show masked and the rule is there.

type Redeem = { _id: string; redeemEmail: string; rewardCost: number; status: 0 | 1 | 2 };

let session: DemoSession;
let server: AppServer;
let owner: Page;
let token: string;

const poll = { timeout: 10_000 };
const admin = { fullName: "Ada Admin", email: "ada@payouts.test", password: "harbor-lantern-42" };

beforeAll(async () => {
  session = await startDemoSession();
  ({ server, page: owner, token } = session);
  await configureMailgun(server.baseUrl, token);
});
afterAll(async () => {
  await session?.close();
});

/** Joins the demo app as an admin by invitation (through the API) and signs in in a browser of their own. */
async function secondMember(): Promise<Page> {
  const before = server.mail.received.length;
  const invite = await apiCall(
    server.baseUrl,
    "POST",
    "/api/team/invites",
    { email: admin.email, role: "admin" },
    token,
  );
  expect(invite.status).toBe(201);
  const { token: inviteToken } = await invitation(server.mail, admin.email, before);
  const joined = await apiCall(server.baseUrl, "POST", `/api/users/auth/invite/${inviteToken}`, {
    fullName: admin.fullName,
    password: admin.password,
  });
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  const page = await openPage(session.browser, server.baseUrl);
  await signIn(page, admin.email, admin.password);
  return page;
}

it("pauses payouts, then has a redeem above the amount approved by one member and paid by another", async () => {
  const pending = await pendingRedeems<Redeem>(server.baseUrl, token, 10);
  const redeem = [...pending].sort((a, b) => b.rewardCost - a.rewardCost)[0];
  if (!redeem || redeem.rewardCost < 1) throw new Error("the demo data has no pending redeem with a cost");
  const above = redeem.rewardCost - 1;
  const payPage = `/dash/redeems/${redeem._id}/edit`;

  // The owner opens Payouts from the menu, asks for approvals above the amount and pauses payouts.
  await owner.getByRole("link", { name: "Payouts", exact: true }).first().click();
  await owner.waitForURL("**/dash/payouts");
  const pause = owner.getByRole("switch", { name: /Pause all payouts/ });
  await pause.waitFor({ state: "attached" });
  await owner.getByLabel("Approval above (points)").fill(String(above));
  await pause.click();
  await owner.getByRole("button", { name: "Save" }).click();
  await owner.getByText("Payout settings saved").waitFor();
  await owner.getByRole("alert").filter({ hasText: "Payouts are paused" }).waitFor();
  const saved = await apiCall(server.baseUrl, "GET", "/api/payouts/settings", undefined, token);
  expect(saved.body).toMatchObject({ paused: true, approvalAbove: above });

  // The pay page says so; its link leads back to lift the pause.
  await owner.goto(payPage);
  const paused = owner.getByTestId("payouts-paused");
  await paused.waitFor();
  await paused.getByRole("link", { name: "Payout settings" }).click();
  await owner.waitForURL("**/dash/payouts");
  await expect.poll(() => pause.isChecked(), poll).toBe(true);
  await pause.click();
  await owner.getByRole("button", { name: "Save" }).click();
  await owner.getByText("Payout settings saved").waitFor();
  await expect.poll(() => owner.getByText("Payouts are paused").count(), poll).toBe(0);

  // The redeem costs more than the amount: the owner approves it from its details.
  await owner.goto(`/dash/redeems/${redeem._id}/details`);
  const details = owner.getByRole("dialog", { name: "Redeem Details" });
  await details.getByText("Needs approval").waitFor();
  await details.getByRole("button", { name: "Approve" }).click();
  await details.getByText(/^Approved by .+ at /).waitFor();
  expect(await details.getByRole("button", { name: "Approve" }).count()).toBe(0);

  // ... and may not pay it: the page says why, and the server refuses too.
  await owner.goto(payPage);
  await owner.getByText("You approved this redeem: another member must pay it").waitFor();
  expect(await owner.getByRole("button", { name: "Send Reward" }).isDisabled()).toBe(true);
  const refused = await apiCall<{ message: string }>(
    server.baseUrl,
    "PUT",
    `/api/redeem/sendReward/${redeem._id}`,
    {
      code: "RULES-GIFT-0",
      rewardName: "Gift",
      redeemEmail: redeem.redeemEmail,
      subject: "Your gift",
      text: "<p>Here it is</p>",
    },
    token,
  );
  expect(refused).toMatchObject({
    status: 409,
    body: { message: "You approved this redeem: another member must pay it" },
  });

  // The second member pays it.
  const page = await secondMember();
  await page.goto(payPage);
  await page.getByRole("heading", { name: `Send Redeem to ${redeem.redeemEmail}` }).waitFor();
  await page.getByLabel("Gift Card Code").fill("RULES-GIFT-1");
  await page.getByRole("button", { name: "Send Reward" }).click();
  await page.getByText(`Reward sent to ${redeem.redeemEmail}`).waitFor();
  const paid = await apiCall<Redeem>(server.baseUrl, "GET", `/api/redeem/${redeem._id}`, undefined, token);
  expect(paid.body.status).toBe(1);
});

type SavedRules = {
  tremendous: { apiKey: string; webhookPrivateKey: string; fundingSourceId: string; baseUrl: string } | null;
  holdRules: { minReversals: number | null; holdDays: number; network: string | null }[];
};

it("sets up Tremendous and a hold rule: the secrets come back masked and stay kept", async () => {
  await owner.goto("/dash/payouts");
  await owner.getByRole("switch", { name: /Pay provider items through Tremendous/ }).click();
  await owner.getByLabel("API key").fill("e2e-tremendous-key-123456");
  await owner.getByLabel("Webhook private key").fill("e2e-webhook-secret-7890");
  await owner.getByLabel("Funding source id").fill("FUND-E2E");
  const webhook = owner.getByTestId("tremendous-webhook-url");
  await expect.poll(() => webhook.textContent(), poll).toMatch(/\/webhooks\/tremendous\/[^/\s]+$/);

  // A second rule, after the example one: held 3 days once a user had a reversal.
  const rulesBefore = await owner.getByRole("region", { name: /^Rule \d+$/ }).count();
  await owner.getByRole("button", { name: "Add rule" }).click();
  const added = owner.getByRole("region", { name: `Rule ${rulesBefore + 1}` });
  await added.getByLabel("Min reversals").fill("1");
  await added.getByLabel("Hold days").fill("3");
  await owner.getByRole("button", { name: "Save" }).click();
  await owner.getByText("Payout settings saved").waitFor();

  const saved = await apiCall<SavedRules>(server.baseUrl, "GET", "/api/payouts/settings", undefined, token);
  expect(saved.body.tremendous).toMatchObject({
    apiKey: "••••3456",
    webhookPrivateKey: "••••7890",
    fundingSourceId: "FUND-E2E",
    baseUrl: "https://testflight.tremendous.com/api/v2",
  });
  expect(saved.body.holdRules).toHaveLength(rulesBefore + 1);
  expect(saved.body.holdRules[rulesBefore]).toMatchObject({ network: null, minReversals: 1, holdDays: 3 });

  // Reloaded: the secrets show their masks, the rule its values.
  await owner.reload();
  const apiKey = owner.getByLabel("API key");
  await expect.poll(() => apiKey.inputValue(), poll).toBe("••••3456");
  const reloaded = owner.getByRole("region", { name: `Rule ${rulesBefore + 1}` });
  expect(await reloaded.getByLabel("Min reversals").inputValue()).toBe("1");
  expect(await reloaded.getByLabel("Hold days").inputValue()).toBe("3");

  // Saved again untouched, the masks keep the stored secrets.
  await owner.getByLabel("Funding source id").fill("FUND-E2E-2");
  await owner.getByRole("button", { name: "Save" }).click();
  await owner.getByText("Payout settings saved").first().waitFor();
  const again = await apiCall<SavedRules>(server.baseUrl, "GET", "/api/payouts/settings", undefined, token);
  expect(again.body.tremendous).toMatchObject({
    apiKey: "••••3456",
    webhookPrivateKey: "••••7890",
    fundingSourceId: "FUND-E2E-2",
  });
});
