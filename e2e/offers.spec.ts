import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { apiCall } from "./support/api.ts";
import type { AppServer } from "./support/app-server.ts";
import { type DemoSession, startDemoSession } from "./support/demo-session.ts";

type Offer = {
  _id: string;
  offerName: string;
  network: string;
  transactionId: string;
  userId: string;
  userEmail: string;
  payout: number;
};
type ListAnswer = { totalCount: number; entities: Offer[] };

let session: DemoSession;
let server: AppServer;
let page: Page;
let token: string;

async function listOffers(filter: Record<string, unknown> = {}, pageSize = 10) {
  const answer = await apiCall<ListAnswer>(
    server.baseUrl,
    "POST",
    "/api/offer?group=false",
    { queryParams: { filter, sortField: "date", sortOrder: "desc", pageNumber: 1, pageSize } },
    token,
  );
  return answer.body;
}

const dataRows = () => page.locator("tbody tr:not(.mantine-datatable-empty-row)");
const search = () => new URL(page.url()).searchParams;

beforeAll(async () => {
  session = await startDemoSession();
  ({ server, page, token } = session);
});
afterAll(async () => {
  await session?.close();
});

it("opens from the menu and lists the newest offers first", async () => {
  await page.getByRole("link", { name: "Completed Offers", exact: true }).first().click();
  await page.waitForURL("**/dash/offers");
  await page.getByRole("heading", { name: "Completed Offers" }).waitFor();
  const newest = (await listOffers()).entities[0] as Offer;
  const first = dataRows().first();
  await first.getByText(newest.offerName).waitFor();
  await first.getByText(newest.network.toUpperCase(), { exact: true }).waitFor();
  await first.getByText(`$${newest.payout.toFixed(2)}`).waitFor();
  expect(await dataRows().count()).toBe(10);
});

it("filters by network and by user id, from page 1", async () => {
  await page.goto("/dash/offers?page=3");
  await dataRows().first().waitFor();
  await page.getByLabel("Network", { exact: true }).selectOption("bitlabs");
  await expect.poll(() => search().get("network")).toBe("bitlabs");
  expect(search().get("page")).toBeNull();
  await expect
    .poll(async () => [...new Set(await dataRows().locator("td:nth-child(3)").allInnerTexts())])
    .toEqual(["BITLABS"]);

  const someone = (await listOffers({ network: "bitlabs" })).entities[0] as Offer;
  await page.getByLabel("Search in", { exact: true }).selectOption("userId");
  await page.getByLabel("Search", { exact: true }).fill(someone.userId.slice(0, 8));
  await page.getByText("Enter a complete ID").waitFor();
  await page.getByLabel("Search", { exact: true }).fill(someone.userId);
  const expected = await listOffers({ network: "bitlabs", userId: someone.userId });
  await expect.poll(() => dataRows().count()).toBe(Math.min(10, expected.totalCount));
  // The count can match before the search applies (10 rows either way): wait for the rows themselves.
  await expect
    .poll(async () => [...new Set(await dataRows().locator("td:nth-child(4)").allInnerTexts())])
    .toEqual([someone.userEmail]);
});

it("sorts by payout", async () => {
  await page.goto("/dash/offers");
  await dataRows().first().waitFor();
  await page.getByRole("button", { name: /^PAYOUT/ }).click();
  await expect.poll(() => `${search().get("sortField")} ${search().get("sortOrder")}`).toBe("payout asc");
  const payouts = async () =>
    (await dataRows().locator("td:nth-child(5)").allInnerTexts()).map((text) =>
      Number(text.slice(1).replaceAll(",", "")),
    );
  await expect
    .poll(async () => {
      const numbers = await payouts();
      return numbers.every((value, index) => index === 0 || value >= (numbers[index - 1] ?? value));
    })
    .toBe(true);
});

it("shows an offer's details and goes on to its user's", async () => {
  const offer = (await listOffers()).entities[0] as Offer;
  await page.goto("/dash/offers");
  await dataRows().first().getByRole("link", { name: "Details" }).click();
  const dialog = page.getByRole("dialog", { name: "Offer Details" });
  await dialog.getByText(offer.transactionId).waitFor();
  await dialog.getByText(offer.userEmail).waitFor();
  await dialog.getByRole("link", { name: "Open user details" }).click();
  await page.waitForURL(`**/dash/customers/${offer.userId}/details`);
  await page.getByRole("dialog", { name: "User Details" }).getByText("Network Size").waitFor();
});

it("opens an offer's details by URL and closes to the list", async () => {
  const offer = (await listOffers()).entities[1] as Offer;
  await page.goto(`/dash/offers/${offer._id}/details?network=${offer.network}`);
  const dialog = page.getByRole("dialog", { name: "Offer Details" });
  await dialog.getByText(offer.transactionId).waitFor();
  await dialog.getByRole("button", { name: "Close dialog" }).click();
  await page.waitForURL(
    (url) => url.pathname === "/dash/offers" && url.search === `?network=${offer.network}`,
  );
});

it("pages through, and the back button closes an offer's details", async () => {
  await page.goto("/dash/offers?pageSize=5");
  await dataRows().first().waitFor();
  const firstPage = await dataRows().locator("td:nth-child(2)").allInnerTexts();
  await page.getByRole("button", { name: "3", exact: true }).click();
  await expect.poll(() => search().get("page")).toBe("3");
  await expect.poll(() => dataRows().locator("td:nth-child(2)").allInnerTexts()).not.toEqual(firstPage);
  await dataRows().first().getByRole("link", { name: "Details" }).click();
  const dialog = page.getByRole("dialog", { name: "Offer Details" });
  await dialog.waitFor();
  await page.goBack();
  await dialog.waitFor({ state: "detached" });
  expect(search().get("page")).toBe("3");
});

it("lists the selected offers; there is no bulk status for offers", async () => {
  const [first, second] = (await listOffers()).entities as [Offer, Offer];
  await page.goto("/dash/offers");
  await dataRows().first().waitFor();
  for (const offer of [first, second]) {
    await page.getByRole("checkbox", { name: `Select ${offer.offerName} (${offer.transactionId})` }).check();
  }
  await page.getByText("Selected records count: 2").waitFor();
  expect(await page.getByRole("link", { name: "Update Status" }).count()).toBe(0);
  await page.getByRole("link", { name: "Fetch Selected" }).click();
  const dialog = page.getByRole("dialog", { name: "Selected Offers" });
  await dialog.getByText(first.offerName).first().waitFor();
  expect(await dialog.locator("tbody tr").count()).toBe(2);
});
