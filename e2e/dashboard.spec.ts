import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { apiCall, creditFromCpx } from "./support/api.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { launchChromium } from "./support/browser.ts";
import { signIn } from "./support/sign-in.ts";

type Dashboard = {
  range: string;
  todayOffers: number;
  todayUsers: number;
  todayRedeems: number;
  todayRevenue: number;
  userWidget: { users: number; usersData: number[] };
  revenueWidget: { revenue: number; revenueData: number[] };
  redeemWidget: { redeemCount: number; redeemData: number[] };
  offersWidget: { offers: number; offersData: number[] };
  LastUsers: unknown[];
  LastCompletedOffers: unknown[];
  LastRedeems: unknown[];
};

// Not the app's zone (UTC, the default): the dashboard asks for the app's days, not the browser's.
const browserZone = "Pacific/Auckland";

let server: AppServer;
let browser: Browser;
let page: Page;

/** The page's session token, as the auth store persists it. */
async function sessionToken(): Promise<string | undefined> {
  const stored = await page.evaluate(() => localStorage.getItem("rewards-auth"));
  return (JSON.parse(stored ?? "{}") as { state?: { authToken?: string } }).state?.authToken;
}

/** GET /api/dash as the page asks it: the session's token and the app's zone (the profile's). */
async function dashFromApi(range: string): Promise<Dashboard> {
  const token = await sessionToken();
  const profile = await apiCall<{ timeZone: string }>(
    server.baseUrl,
    "GET",
    "/api/profile/me",
    undefined,
    token,
  );
  const zone = profile.body.timeZone;
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(browserZone);
  expect(zone).not.toBe(browserZone);
  await page.getByText(`Times in ${zone}`).waitFor();
  const query = new URLSearchParams({ tz: zone, range });
  const answer = await apiCall<Dashboard>(server.baseUrl, "GET", `/api/dash?${query}`, undefined, token);
  expect(answer.status).toBe(200);
  return answer.body;
}

const count = (value: number) => value.toLocaleString("en-US");
const usd = (value: number) =>
  `$${value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const dayName = (index: number) =>
  index === 6 ? "Today" : index === 5 ? "Yesterday" : `${6 - index} Days Ago`;
const card = (name: string) => page.getByRole("region", { name, exact: true });
const figure = async (name: string) => (await card(name).getByTestId("widget-value").textContent()) ?? "";

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ demo: true }), launchChromium()]);
  const password = await server.demoPassword();
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 1280, height: 900 },
    timezoneId: browserZone,
  });
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
  await signIn(page, "demo@rewards.local", password);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it("shows the seeded figures, series and last lists as the API answers them", async () => {
  await page.goto("/dashboard");
  await card("All users").getByTestId("widget-value").waitFor();
  const api = await dashFromApi("today");

  expect(await figure("Today's offers")).toBe(count(api.todayOffers));
  expect(await figure("Today's users")).toBe(count(api.todayUsers));
  expect(await figure("Today's redeems")).toBe(count(api.todayRedeems));
  expect(await figure("Today's revenue")).toBe(usd(api.todayRevenue));

  expect(api.userWidget.users).toBeGreaterThan(0);
  expect(api.redeemWidget.redeemCount).toBeGreaterThan(0);
  expect(api.revenueWidget.revenue).toBeGreaterThan(0);
  expect(api.offersWidget.offers).toBeGreaterThan(0);
  expect(await figure("All users")).toBe(count(api.userWidget.users));
  expect(await figure("Revenue (dollars)")).toBe(usd(api.revenueWidget.revenue));
  expect(await figure("Redeems")).toBe(count(api.redeemWidget.redeemCount));
  expect(await figure("Completed offers")).toBe(count(api.offersWidget.offers));

  const series = [
    ["All users", api.userWidget.usersData, count],
    ["Revenue (dollars)", api.revenueWidget.revenueData, usd],
    ["Redeems", api.redeemWidget.redeemData, count],
    ["Completed offers", api.offersWidget.offersData, count],
  ] as const;
  for (const [title, data, format] of series) {
    const points = page.getByRole("list", { name: `${title}, last 7 days` }).getByRole("listitem");
    expect(await points.allTextContents()).toEqual(
      data.map((value, index) => `${dayName(index)}: ${format(value)}`),
    );
  }
  // The curves arrive in their own chunk, after the figures.
  await card("Completed offers").locator("svg.recharts-surface").waitFor();

  expect(await card("Last Users").getByRole("link").count()).toBe(5);
  expect(await card("Last Completed Offers").getByRole("link").count()).toBe(5);
  expect(await card("Last Redeems").getByRole("link").count()).toBe(5);
});

it("opens a last user's details from the list", async () => {
  await page.goto("/dashboard");
  const first = card("Last Users").getByRole("link").first();
  const email = (await first.textContent()) ?? "";
  await first.click();
  await page.waitForURL(/\/dash\/customers\/[^/]+\/details$/);
  await page.getByRole("dialog").getByText(email).first().waitFor();
});

it("counts a new offer in today's figures after a reload", async () => {
  await page.goto("/dashboard");
  await card("Today's offers").getByTestId("widget-value").waitFor();
  const before = await dashFromApi("today");
  expect(await figure("Today's offers")).toBe(count(before.todayOffers));

  // A completed survey arrives from CPX Research, signed as the network signs it.
  const token = await sessionToken();
  if (!token) throw new Error("not signed in");
  await creditFromCpx(server.baseUrl, token, { transaction: `e2e-dashboard-${Date.now()}`, usd: "0.10" });

  await page.reload();
  await expect.poll(() => figure("Today's offers")).toBe(count(before.todayOffers + 1));
  const after = await dashFromApi("today");
  expect(after.todayOffers).toBe(before.todayOffers + 1);
  expect(await figure("Today's revenue")).toBe(usd(after.todayRevenue));
  expect(await figure("Completed offers")).toBe(count(before.offersWidget.offers + 1));
  await card("Last Completed Offers").getByText("cpxresearch", { exact: false }).first().waitFor();
});

it("changes the widgets with the range choice, kept in the URL", async () => {
  await page.goto("/dashboard");
  await card("Today's offers").getByTestId("widget-value").waitFor();
  const today = await dashFromApi("today");

  await page.getByRole("button", { name: /^Today: / }).click();
  await page.getByRole("menuitem", { name: "Last 30 days" }).click();
  await page.waitForURL(/\/dashboard\?range=last30$/);
  await card("Offers (last 30 days)").getByTestId("widget-value").waitFor();
  const last30 = await dashFromApi("last30");
  expect(last30.todayOffers).toBeGreaterThanOrEqual(today.todayOffers);
  expect(last30.todayOffers).toBeGreaterThan(0);
  await expect.poll(() => figure("Offers (last 30 days)")).toBe(count(last30.todayOffers));
  expect(await figure("Revenue (last 30 days)")).toBe(usd(last30.todayRevenue));
  expect(await page.getByRole("button", { name: "Last 30 days" }).isVisible()).toBe(true);

  await page.reload();
  expect(await figure("Offers (last 30 days)")).toBe(count(last30.todayOffers));

  await page.getByRole("button", { name: "Last 30 days" }).click();
  await page.getByRole("menuitem", { name: "Today" }).click();
  await page.waitForURL(/\/dashboard$/);
  await expect.poll(() => figure("Today's offers")).toBe(count(today.todayOffers));
});
