import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { configureMailgun, creditAppUser, type MobileAppCall, mobileAppOf } from "./support/api.ts";
import type { AppServer } from "./support/app-server.ts";
import { type DemoSession, startDemoSession } from "./support/demo-session.ts";

// The gift-card code inventory, end to end: the owner sets a reward item to pay from its code stock,
// imports codes from pasted CSV (checked first, then confirmed), pays an app user's pending redeem of that
// item without typing a code, and sees the redeem Sent with its code masked, then reveals it.

type SignUpAnswer = { accessToken: string; user: { _id: string; referCode: string } };
type Catalog = {
  rewards: { _id: string; name: string; items: { _id: string; cost: string; points: number }[] }[];
};

let session: DemoSession;
let server: AppServer;
let page: Page;
let token: string;
/** The mobile app's calls, with the demo app's key. */
let appCall: MobileAppCall;

const poll = { timeout: 10_000 };
const codes = ["E2E-STOCK-AAAA1111", "E2E-STOCK-BBBB2222", "E2E-STOCK-CCCC3333"];

beforeAll(async () => {
  session = await startDemoSession();
  ({ server, page, token } = session);
  appCall = await mobileAppOf(server.baseUrl, token);
});
afterAll(async () => {
  await session?.close();
});

it("pays a redeem from imported stock without a code, masked on the redeem, revealed by the owner", async () => {
  // An app user with points asks for the first item of a reward.
  const user = await appCall<SignUpAnswer>("POST", "/auth/sign-up", {
    email: "stock.buyer@e2e.test",
    password: "Violet-Harbor-Lantern-42",
    platform: "android",
    device: { device_name: "Pixel 8", gaid: "6f1c0c43-6d0e-4d8e-9d55-000000000101", country_code: "US" },
  });
  const catalog = await appCall<Catalog>("GET", "/rewards", undefined, user.accessToken);
  const reward = catalog.rewards.find((entry) => entry.items.length > 0);
  expect(reward).toBeDefined();
  const item = [...(reward?.items ?? [])].sort((a, b) => a._id.localeCompare(b._id))[0];
  if (!reward || !item) throw new Error("the demo catalog has no reward item");
  await creditAppUser(server.baseUrl, token, user.user, item.points + 1000);
  const asked = await appCall<{ redeem: { _id: string } }>(
    "POST",
    "/redeems",
    { rewardItemId: item._id },
    user.accessToken,
  );
  const redeemId = asked.redeem._id;

  // The owner sets the item to pay from its code stock.
  await page.goto(`/dash/countries/rewards/${reward._id}/add/${item._id}/edit`);
  const form = page.getByRole("dialog", { name: "Edit Reward Item" });
  await form.getByLabel("Fulfilment").click();
  await page.getByRole("option", { name: "From code stock" }).click();
  await form.getByLabel("Low-stock alert below (codes)").fill("2");
  await form.getByRole("button", { name: "Save" }).click();
  await form.waitFor({ state: "detached" });
  const row = page.locator("tbody tr", { hasText: item._id.slice(-8) });
  await row.getByText("0 (low)").waitFor();

  // Imports three codes from pasted CSV: checked first (one bad line), then confirmed.
  await row.getByRole("link", { name: "Codes" }).click();
  await page.waitForURL(`**/dash/catalog/items/${item._id}/codes`);
  await page.getByRole("heading", { name: `Codes of ${item.cost}` }).waitFor();
  const csv = [
    "code,pin,expires",
    `${codes[0]},1111,`,
    `${codes[1]},,`,
    "E2E-BAD-ROW,,someday",
    `${codes[2]},,2099-12-31`,
  ];
  await page.getByLabel("Or paste the CSV").fill(csv.join("\n"));
  await page.getByRole("button", { name: "Check" }).click();
  const preview = page.getByTestId("import-preview");
  await preview.getByText("3 to add, 0 duplicates").waitFor();
  await preview.getByText("1 invalid rows (not imported)").waitFor();
  await preview.getByText(/^Line 4: /).waitFor();
  expect(await page.getByTestId("stock-available").textContent()).toBe("0");
  await page.getByRole("button", { name: "Import 3 codes" }).click();
  await page.getByText("3 codes added, 0 duplicates skipped").waitFor();
  await expect.poll(() => page.getByTestId("stock-available").textContent(), poll).toBe("3");
  await expect.poll(() => page.locator("tbody tr", { hasText: "••••" }).count(), poll).toBe(3);

  // Pays the pending redeem: no code typed, the next code of the stock goes out.
  await configureMailgun(server.baseUrl, token);
  await page.goto(`/dash/redeems/${redeemId}/edit`);
  await page.getByRole("heading", { name: /^Send Redeem to / }).waitFor();
  await page.getByRole("button", { name: "Send Reward" }).click();
  await page.waitForURL((url) => url.pathname === "/dash/redeems");

  // Sent, with the code masked; the owner reveals it.
  await page.goto(`/dash/redeems/${redeemId}/details`);
  const details = page.getByRole("dialog", { name: "Redeem Details" });
  await details.getByText("Sent", { exact: true }).first().waitFor();
  const masked = details.getByText(/^•+[A-Z0-9]{4}$/);
  await masked.waitFor();
  const maskedText = (await masked.textContent()) ?? "";
  expect(codes.some((code) => code.endsWith(maskedText.replace(/•/g, "")))).toBe(true);
  expect(await details.getByText(/E2E-STOCK-/).count()).toBe(0);
  await details.getByRole("button", { name: "Reveal" }).click();
  const revealed = page.getByTestId("revealed-code");
  await revealed.waitFor();
  const code = (await revealed.textContent()) ?? "";
  expect(codes).toContain(code);
  expect(code.endsWith(maskedText.replace(/•/g, ""))).toBe(true);

  // The stock went down by the one code used.
  await page.keyboard.press("Escape");
  await page.goto(`/dash/catalog/items/${item._id}/codes`);
  await expect.poll(() => page.getByTestId("stock-available").textContent(), poll).toBe("2");
  await expect.poll(() => page.getByTestId("stock-used").textContent(), poll).toBe("1");
});
