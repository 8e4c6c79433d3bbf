import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { apiCall, creditAppUser, type MobileAppCall, mobileAppOf } from "./support/api.ts";
import type { AppServer } from "./support/app-server.ts";
import { type DemoSession, startDemoSession } from "./support/demo-session.ts";

// Fraud signals (decision 0018), end to end: two app users sign up through the app API (/app/v1) from one
// browser fingerprint, one of them asks for a reward, and the operator sees the request flagged in the
// Redeems list before paying it.

type AppUser = { _id: string; email: string; referCode: string; points: number };
type SignUpAnswer = { accessToken: string; user: AppUser };
type Catalog = { rewards: { name: string; items: { _id: string; points: number }[] }[] };
type Redeem = { _id: string; riskReasons: string[]; userEmail: string };

let session: DemoSession;
let server: AppServer;
let page: Page;
let token: string;
/** The mobile app's calls, with the demo app's key. */
let appCall: MobileAppCall;

const poll = { timeout: 10_000 };
const visitorId = "fp-e2e-shared-fingerprint";
const linkedVisitorLabel = "Shares a browser fingerprint (visitorId) with another account";

const signUp = (email: string, gaid: string) =>
  appCall<SignUpAnswer>("POST", "/auth/sign-up", {
    email,
    password: "Violet-Harbor-Lantern-42",
    platform: "android",
    device: { device_name: "Pixel 8", gaid, country_code: "US" },
    visitorId,
  });

async function listRedeems(filter: Record<string, unknown>) {
  const answer = await apiCall<{ totalCount: number; entities: Redeem[] }>(
    server.baseUrl,
    "POST",
    "/api/redeem/?group=false",
    { queryParams: { filter, pageSize: 100 } },
    token,
  );
  expect(answer.status).toBe(200);
  return answer.body;
}

const dataRows = () => page.locator("tbody tr:not(.mantine-datatable-empty-row)");
const rowOf = (redeemId: string) => page.locator("tbody tr", { hasText: redeemId.slice(-8) });

beforeAll(async () => {
  session = await startDemoSession();
  ({ server, page, token } = session);
  appCall = await mobileAppOf(server.baseUrl, token);
});
afterAll(async () => {
  await session?.close();
});

it("flags a linked account's redeem in the Redeems list, with its reasons, and under Risky only", async () => {
  const first = await signUp("first.account@e2e.test", "6f1c0c43-6d0e-4d8e-9d55-000000000001");
  const second = await signUp("second.account@e2e.test", "6f1c0c43-6d0e-4d8e-9d55-000000000002");

  // The operator credits the second account (an admin adjustment), which then asks for a reward.
  await creditAppUser(server.baseUrl, token, second.user, 50_000);
  const catalog = await appCall<Catalog>("GET", "/rewards", undefined, second.accessToken);
  const item = catalog.rewards.flatMap((reward) => reward.items).find((entry) => entry.points <= 50_000);
  expect(item).toBeDefined();
  const asked = await appCall<{ redeem: { _id: string } }>(
    "POST",
    "/redeems",
    { rewardItemId: item?._id },
    second.accessToken,
  );
  const redeemId = asked.redeem._id;

  // Both accounts carry the link; the request carries its user's reasons of that moment.
  const risky = await listRedeems({ risky: true });
  const flagged = risky.entities.find((redeem) => redeem._id === redeemId);
  expect(flagged?.riskReasons).toContain("linked_visitor");

  await page.getByRole("link", { name: "Redeems", exact: true }).first().click();
  await page.waitForURL("**/dash/redeems");
  const row = rowOf(redeemId);
  await row.waitFor();
  expect(await row.textContent()).toContain("second.account@e2e.test");
  const badge = row.getByRole("button", { name: /^Risky: / });
  expect(await badge.textContent()).toBe("Risky");
  expect(await badge.getAttribute("aria-label")).toContain(linkedVisitorLabel);
  await badge.hover();
  await page.getByRole("tooltip").getByText(linkedVisitorLabel).waitFor();
  await page.getByRole("tooltip").getByText("Why this looks risky").waitFor();

  // Risky only: the request stays, and every row shown carries a badge.
  // The box shows the address bar's state, which the click changes a moment later (check() would look
  // before that), so click and wait for both.
  const riskyOnly = page.getByRole("checkbox", { name: "Risky only" });
  await riskyOnly.click();
  await expect.poll(() => new URL(page.url()).searchParams.get("risky"), poll).toBe("true");
  await expect.poll(() => riskyOnly.isChecked(), poll).toBe(true);
  await expect.poll(() => dataRows().count(), poll).toBe(Math.min(risky.totalCount, 10));
  await rowOf(redeemId).waitFor();
  const badges = await dataRows()
    .getByRole("button", { name: /^Risky: / })
    .count();
  expect(badges).toBe(await dataRows().count());
  // A clean request of the demo data is not among them.
  const clean = (await listRedeems({ risky: false })).entities[0] as Redeem;
  expect(await rowOf(clean._id).count()).toBe(0);

  // The user's details name the other account as linked, as a link to its own details.
  await page.goto(`/dash/customers/${second.user._id}/details`);
  const dialog = page.getByRole("dialog", { name: "User Details" });
  const linked = dialog.getByRole("link", { name: first.user.email });
  await linked.waitFor();
  expect(await linked.getAttribute("href")).toBe(`/dash/customers/${first.user._id}/details`);
  await dialog.getByText(linkedVisitorLabel).waitFor();
});
