import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { apiCall, creditFromCpx } from "./support/api.ts";
import type { AppServer } from "./support/app-server.ts";
import { type DemoSession, startDemoSession } from "./support/demo-session.ts";

type Analytics = {
  from: string;
  to: string;
  timeZone: string;
  totals: { revenue: number; conversions: number };
  breakdown: { key: string; conversions: number; revenue: number }[];
};

let session: DemoSession;
let server: AppServer;
let page: Page;
let token: string;

const money = (amount: number) =>
  `$${amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const card = (name: string) => page.getByRole("region", { name, exact: true });
const figure = async (name: string) => (await card(name).getByTestId("figure-value").textContent()) ?? "";
const search = () => new URL(page.url()).searchParams;

/** Today in the app's reporting time zone (UTC until General settings say otherwise). */
const todayIn = (timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(),
  );

async function analyticsFromApi(query: Record<string, string>): Promise<Analytics> {
  const answer = await apiCall<Analytics>(
    server.baseUrl,
    "GET",
    `/api/analytics?${new URLSearchParams(query)}`,
    undefined,
    token,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

beforeAll(async () => {
  session = await startDemoSession();
  ({ server, page, token } = session);
});
afterAll(async () => {
  await session?.close();
});

it("shows the range's revenue and the network that earned it, then by country and by week, kept in the URL", async () => {
  await creditFromCpx(server.baseUrl, token, {
    transaction: `e2e-analytics-${Date.now()}`,
    usd: "2.50",
    points: 2500,
  });

  await page.goto(`${server.baseUrl}/dash/analytics`);
  await card("Revenue").getByTestId("figure-value").waitFor();
  const zone = (await page.getByText(/^Days in /).textContent()) ?? "";
  const timeZone = /Days in (\S+)/.exec(zone)?.[1] ?? "UTC";
  const today = todayIn(timeZone);
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  const api = await analyticsFromApi({ from, to: today, granularity: "day", by: "network" });
  expect(api.timeZone).toBe(timeZone);
  const cpx = api.breakdown.find((row) => row.key === "cpxresearch");
  expect(cpx?.revenue).toBeGreaterThanOrEqual(2.5);
  await expect.poll(() => figure("Revenue")).toBe(money(api.totals.revenue));

  const breakdown = page.getByRole("table", { name: "Breakdown" });
  const row = breakdown.locator("tbody tr", { hasText: "cpxresearch" });
  await row.waitFor();
  expect(await row.textContent()).toContain(money(cpx?.revenue ?? 0));

  await page.locator("label", { hasText: /^Country$/ }).click();
  await expect.poll(() => search().get("by")).toBe("country");
  await breakdown.getByRole("columnheader", { name: "Country" }).waitFor();
  const byCountry = await analyticsFromApi({ from, to: today, granularity: "day", by: "country" });
  const topCountry = byCountry.breakdown[0];
  expect(topCountry).toBeDefined();
  const firstRow = breakdown.locator("tbody tr").first();
  await expect
    .poll(() => firstRow.textContent())
    .toContain(topCountry?.key === "" ? "Unknown" : (topCountry?.key ?? "").toUpperCase());
  expect(await firstRow.textContent()).toContain(money(topCountry?.revenue ?? 0));

  await page.locator("label", { hasText: /^Week$/ }).click();
  await expect.poll(() => search().get("granularity")).toBe("week");
  expect(search().get("from")).toBe(from);
  expect(search().get("to")).toBe(today);
  await page.reload();
  await card("Revenue").getByTestId("figure-value").waitFor();
  expect(await figure("Revenue")).toBe(money(api.totals.revenue));
  expect(await breakdown.getByRole("columnheader", { name: "Country" }).isVisible()).toBe(true);
});

// The page at a desktop and a phone width, figures and chart drawn; ANALYTICS_SCREENSHOTS=1 keeps the pictures
// as the documentation's, else they go to /tmp/shots.
it("draws the page at 1280 and 360 px wide", async () => {
  const docs = (name: string) =>
    process.env.ANALYTICS_SCREENSHOTS === "1"
      ? fileURLToPath(new URL(`../docs/features/${name}`, import.meta.url))
      : `/tmp/shots/${name}`;
  for (const [name, viewport] of [
    ["analytics-light.png", { width: 1280, height: 900 }],
    ["analytics-mobile.png", { width: 360, height: 780 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto(`${server.baseUrl}/dash/analytics`);
    await card("Revenue").getByTestId("figure-value").waitFor();
    await page.locator(".recharts-surface").first().waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: docs(name) });
  }
});
