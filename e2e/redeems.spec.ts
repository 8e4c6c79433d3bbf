import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { apiCall, configureMailgun, pendingRedeems, tenantMailgun } from "./support/api.ts";
import type { AppServer } from "./support/app-server.ts";
import { type DemoSession, startDemoSession } from "./support/demo-session.ts";

type Redeem = {
  _id: string;
  redeemUser: string;
  userEmail: string;
  redeemEmail: string;
  rewardName: string;
  rewardCost: number;
  status: 0 | 1 | 2;
};

let session: DemoSession;
let server: AppServer;
let page: Page;
let token: string;

async function redeemStatus(id: string) {
  return (await apiCall<Redeem>(server.baseUrl, "GET", `/api/redeem/${id}`, undefined, token)).body.status;
}

// A loaded two-core machine renders slower than expect.poll's 1 s default.
const poll = { timeout: 10_000 };
const shortId = (id: string) => id.slice(-8);
const dataRows = () => page.locator("tbody tr:not(.mantine-datatable-empty-row)");
const redeemRow = (redeem: Redeem) => page.locator("tbody tr", { hasText: shortId(redeem._id) });
const search = () => new URL(page.url()).searchParams;

/** The user's Credit as the Users list shows it, filtered by the user's id. */
async function creditOnUsersList(userId: string): Promise<number> {
  await page.goto(`/dash/customers?searchIn=_id&search=${userId}`);
  await expect.poll(() => dataRows().count(), poll).toBe(1);
  // The checkbox, EMAIL, SHARE KEY, DEVICE, COUNTRY, IP OF SIGNUP, then CREDIT (grouped: "9,157").
  const credit = await dataRows().first().locator("td").nth(6).textContent();
  return Number(credit?.replaceAll(",", ""));
}

beforeAll(async () => {
  session = await startDemoSession();
  ({ server, page, token } = session);
});
afterAll(async () => {
  await session?.close();
});

it("pays a pending redeem: the gift card goes out by e-mail and the row shows Sent", async () => {
  await page.getByRole("link", { name: "Redeems", exact: true }).first().click();
  await page.waitForURL("**/dash/redeems");
  await page.getByRole("heading", { name: "Redeems list" }).waitFor();
  await page.getByLabel("Status", { exact: true }).selectOption("0");
  await expect.poll(() => search().get("status"), poll).toBe("0");
  // The URL changes before the table does: wait for the filtered rows (no Sent or Rejected left).
  await expect
    .poll(
      () =>
        page
          .locator("tbody")
          .getByText(/^(Sent|Rejected)$/)
          .count(),
      poll,
    )
    .toBe(0);
  const pending = (await pendingRedeems<Redeem>(server.baseUrl, token, 10))[0] as Redeem;
  await redeemRow(pending).getByRole("link", { name: "Pay Reward" }).click();
  await page.waitForURL(`**/dash/redeems/${pending._id}/edit`);
  await page.getByRole("heading", { name: `Send Redeem to ${pending.redeemEmail}` }).waitFor();

  // The subject starts from the app's gift-card e-mail in the user's language, naming the reward.
  const subject = await page.getByLabel("Subject").inputValue();
  expect(subject).toContain(pending.rewardName);
  await page.getByLabel("Gift Card Code").fill("E2E-GIFT-1234");
  const editor = page.getByRole("textbox", { name: "Message" });
  await editor.click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("Enjoy your reward from the e2e test!");

  // No Mailgun config yet: the page says so and where to set it up; nothing is paid.
  await page.getByRole("button", { name: "Send Reward" }).click();
  await page.getByRole("link", { name: "App Setting → Mailgun" }).waitFor();
  expect(await redeemStatus(pending._id)).toBe(0);

  await configureMailgun(server.baseUrl, token);

  await page.getByRole("button", { name: "Send Reward" }).click();
  await page.waitForURL((url) => url.pathname === "/dash/redeems" && url.search === "?status=0");
  await page.getByText(`Reward sent to ${pending.redeemEmail}`).waitFor();

  const mail = await server.mail.waitFor(pending.redeemEmail, 20_000);
  expect(mail.domain).toBe(tenantMailgun.mailgunDomain);
  expect(mail.fields.subject).toBe(subject);
  expect(mail.fields.html).toContain("Enjoy your reward from the e2e test!");
  expect(mail.fields.html).toContain("E2E-GIFT-1234");

  await page.getByLabel("Status", { exact: true }).selectOption("");
  await page.getByLabel("Search in").selectOption("_id");
  await page.getByLabel("Search", { exact: true }).fill(pending._id);
  await expect.poll(() => dataRows().count(), poll).toBe(1);
  await redeemRow(pending).getByText("Sent", { exact: true }).waitFor();
  expect(await redeemRow(pending).getByRole("link", { name: "Pay Reward" }).count()).toBe(0);

  await redeemRow(pending).getByRole("link", { name: "Details" }).click();
  const details = page.getByRole("dialog", { name: "Redeem Details" });
  // The code shows masked (looked for in its own element: the history below shows the mask too); the
  // owner reveals it.
  await details.getByTestId("redeem-code").getByText("••••1234").waitFor();
  expect(await details.getByText("E2E-GIFT-1234").count()).toBe(0);
  await details.getByText(/^Sent at /).waitFor();
  await details.getByRole("button", { name: "Reveal" }).click();
  await page.getByTestId("revealed-code").getByText("E2E-GIFT-1234").waitFor();
  await page.keyboard.press("Escape");
  await page.getByTestId("revealed-code").waitFor({ state: "detached" });
  await page.keyboard.press("Escape");
  await details.waitFor({ state: "detached" });
});

it("cancels a pending redeem and the user's Credit comes back by its cost", async () => {
  const pending = (await pendingRedeems<Redeem>(server.baseUrl, token, 10))[0] as Redeem;
  const before = await creditOnUsersList(pending.redeemUser);

  await page.goto(`/dash/redeems?searchIn=_id&search=${pending._id}`);
  await redeemRow(pending).getByRole("link", { name: "Cancel" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel Redeem" });
  await dialog
    .getByText(`Its ${pending.rewardCost.toLocaleString("en-US")} points go back to ${pending.userEmail}`)
    .waitFor();
  await dialog.getByText(pending.redeemEmail, { exact: false }).waitFor();
  await dialog.getByRole("button", { name: "Cancel Redeem" }).click();
  await dialog.waitFor({ state: "detached" });
  await redeemRow(pending).getByText("Rejected", { exact: true }).waitFor();
  expect(await redeemRow(pending).getByRole("link", { name: "Cancel" }).count()).toBe(0);

  expect(await creditOnUsersList(pending.redeemUser)).toBe(before + pending.rewardCost);
});

it("rejects two selected pending redeems at once", async () => {
  const [first, second] = (await pendingRedeems<Redeem>(server.baseUrl, token, 3)) as [Redeem, Redeem];
  await page.goto("/dash/redeems?status=0&pageSize=3");
  for (const redeem of [first, second]) {
    await page
      .getByRole("checkbox", { name: `Select ${redeem.redeemEmail} (${shortId(redeem._id)})` })
      .check();
  }
  await page.getByText("Selected records count: 2").waitFor();
  await page.getByRole("link", { name: "Update Status" }).click();
  const dialog = page.getByRole("dialog", { name: "Update Status" });
  expect(await dialog.getByLabel("Status").inputValue()).toBe("2");
  await dialog.getByRole("button", { name: "Update Status" }).click();
  await dialog.waitFor({ state: "detached" });
  await page.getByText("Status updated for 2 redeems").waitFor();
  await expect.poll(() => page.getByText(/Selected records count/).count(), poll).toBe(0);

  for (const redeem of [first, second]) {
    await page.goto(`/dash/redeems?searchIn=_id&search=${redeem._id}`);
    await redeemRow(redeem).getByText("Rejected", { exact: true }).waitFor();
    expect(await redeemStatus(redeem._id)).toBe(2);
  }
});
