import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { apiCall, type MobileAppCall, mobileAppOf, redeemsFromCodeStock } from "./support/api.ts";
import type { AppServer } from "./support/app-server.ts";
import { type DemoSession, startDemoSession } from "./support/demo-session.ts";

// "Pay selected", end to end: a reward item paid from its code stock, three codes imported, an app user's
// three pending redeems of it; the owner selects them on the Redeems list, pays them in one payout job,
// watches its progress until it has finished, and sees the three redeems Sent.
// Then a held credit: an AdGate postback of $5 for a new user is held by the default hold rule; the owner
// releases it by hand from the user's details.

type SignUpAnswer = { accessToken: string; user: { _id: string; referCode: string } };

let session: DemoSession;
let server: AppServer;
let page: Page;
let token: string;
/** The mobile app's calls, with the demo app's key. */
let appCall: MobileAppCall;

const poll = { timeout: 30_000 };
const codes = ["E2E-BULK-AAAA1111", "E2E-BULK-BBBB2222", "E2E-BULK-CCCC3333"];

beforeAll(async () => {
  session = await startDemoSession();
  ({ server, page, token } = session);
  appCall = await mobileAppOf(server.baseUrl, token);
});
afterAll(async () => {
  await session?.close();
});

it("pays three selected redeems from stock in one job, following its progress until all are Sent", async () => {
  // An app user's three pending redeems of an item paid from its code stock, which holds three codes.
  const { user, item, redeemIds } = await redeemsFromCodeStock(server.baseUrl, token, {
    email: "bulk.buyer@e2e.test",
    gaid: "6f1c0c43-6d0e-4d8e-9d55-000000000201",
    codes,
  });

  // The user's pending redeems on the list: all three selected, paid in one job.
  await page.goto(`/dash/redeems?status=0&searchIn=redeemUser&search=${user._id}`);
  await page.getByRole("heading", { name: "Redeems list" }).waitFor();
  const rows = page.locator("tbody tr");
  await expect.poll(() => rows.count(), poll).toBe(3);
  await page.getByRole("checkbox", { name: "Select all records" }).check();
  await page.getByText("Selected records count: 3").waitFor();
  await page.getByRole("button", { name: "Pay selected" }).click();
  const confirm = page.getByRole("dialog", { name: "Pay selected redeems" });
  await confirm.getByText(/^Pay 3 redeems through their reward's fulfilment/).waitFor();
  await confirm.getByRole("button", { name: "Pay 3 redeems" }).click();

  // The progress dialog follows the job until it has finished: three paid, none failed.
  const progress = page.getByRole("dialog", { name: "Paying redeems" });
  await progress.getByRole("progressbar", { name: "Payout progress" }).waitFor();
  await progress.getByText("Finished: 3 paid, 0 failed").waitFor(poll);
  expect(
    await progress.getByRole("progressbar", { name: "Payout progress" }).getAttribute("aria-valuenow"),
  ).toBe("100");
  expect(await progress.getByTestId("bulk-pay-paid").textContent()).toBe("3");
  expect(await progress.getByTestId("bulk-pay-failed").textContent()).toBe("0");
  for (const id of redeemIds) await progress.getByText(id.slice(-8), { exact: true }).waitFor();
  expect(await progress.getByText("Paid", { exact: true }).count()).toBeGreaterThanOrEqual(3);

  // Closing refreshes the list: none of them is Pending any more; without the status filter, all Sent.
  await progress.getByRole("button", { name: "Close" }).click();
  await progress.waitFor({ state: "detached" });
  await expect.poll(() => rows.filter({ hasText: "Pending" }).count(), poll).toBe(0);
  await page.goto(`/dash/redeems?searchIn=redeemUser&search=${user._id}`);
  await expect.poll(() => rows.filter({ hasText: "Sent" }).count(), poll).toBe(3);

  // Each one took a distinct code of the stock.
  const stock = await apiCall<{ available: number; used: number }>(
    server.baseUrl,
    "GET",
    `/api/payouts/items/${item._id}/stock`,
    undefined,
    token,
  );
  expect(stock.body).toMatchObject({ available: 0, used: 3 });
});

type Hold = { _id: string; points: number; status: string };

it("holds a new user's $5 credit and releases it by hand from the user's details", async () => {
  // AdGate configured with a known secret (it rides in the postback URL).
  const secret = "e2e-adgate-secret";
  const saved = await apiCall(
    server.baseUrl,
    "POST",
    "/api/network/",
    {
      network: "adgateow",
      appId: "e2e-wall",
      postbackSecret: secret,
      provision: 0.5,
      iosEnable: 1,
      androidEnable: 1,
    },
    token,
  );
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const me = await apiCall<{ _id: string }>(server.baseUrl, "GET", "/api/profile/me", undefined, token);
  const config = await apiCall<{ postbackUrl: string }>(
    server.baseUrl,
    "GET",
    `/api/network/adgateow/${me.body._id}`,
    undefined,
    token,
  );
  const user = await appCall<SignUpAnswer>("POST", "/auth/sign-up", {
    email: "held.earner@e2e.test",
    password: "Violet-Harbor-Lantern-42",
    platform: "android",
    device: { device_name: "Pixel 8", gaid: "6f1c0c43-6d0e-4d8e-9d55-000000000202", country_code: "US" },
  });

  // A $5 offer from a user who earned nothing before: the default rule holds it 14 days.
  const hint = new URL(config.body.postbackUrl);
  const values: Record<string, string> = {
    "{s1}": user.user._id,
    "{points}": "625",
    "{payout}": "5.00",
    "{conversion_id}": "e2e-held-1",
    "{state}": "approved",
    "{vc_title}": "Play Game & Win",
    "{session_ip}": "203.0.113.7",
  };
  const query = new URLSearchParams(hint.search);
  for (const [name, value] of [...query]) if (value in values) query.set(name, values[value] ?? "");
  query.set("secret", secret);
  const postback = await fetch(`${server.baseUrl}${hint.pathname}?${query}`);
  expect(postback.status, await postback.text()).toBe(200);
  const holds = await apiCall<{ entities: Hold[] }>(
    server.baseUrl,
    "GET",
    `/api/payouts/users/${user.user._id}/holds`,
    undefined,
    token,
  );
  const held = holds.body.entities.find((hold) => hold.status === "held");
  if (!held) throw new Error(`the credit was not held: ${JSON.stringify(holds.body)}`);

  // The user's details: the points pending, the hold listed; released by hand.
  await page.goto(`/dash/customers/${user.user._id}/details`);
  const details = page.getByRole("dialog", { name: "User Details" });
  await details.getByText(`0 available · ${held.points.toLocaleString("en-US")} pending`).waitFor();
  await details.getByRole("heading", { name: "Held earnings" }).waitFor();
  const row = details.getByTestId("user-holds").locator("tbody tr").first();
  await row.getByText("Held", { exact: true }).waitFor();
  await row.getByRole("button", { name: "Release" }).click();
  await page.getByText(`Released: ${held.points.toLocaleString("en-US")} points are available now`).waitFor();
  await row.getByText("Released", { exact: true }).waitFor(poll);
  await details.getByText(`${held.points.toLocaleString("en-US")} available · 0 pending`).waitFor(poll);
  expect(await row.getByRole("button", { name: "Release" }).count()).toBe(0);
});
