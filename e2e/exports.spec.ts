import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { apiCall, creditFromCpx } from "./support/api.ts";
import type { AppServer } from "./support/app-server.ts";
import { type DemoSession, startDemoSession } from "./support/demo-session.ts";

type Offer = { _id: string; network: string };

let session: DemoSession;
let server: AppServer;
let page: Page;
let token: string;

/** Every offer id of the list's own call with this filter, newest first. */
async function offerIds(filter: Record<string, unknown>): Promise<string[]> {
  const ids: string[] = [];
  for (let pageNumber = 1; ; pageNumber += 1) {
    const answer = await apiCall<{ entities: Offer[] }>(
      server.baseUrl,
      "POST",
      "/api/offer?group=false",
      { queryParams: { filter, sortField: "date", sortOrder: "desc", pageNumber, pageSize: 100 } },
      token,
    );
    ids.push(...answer.body.entities.map((offer) => offer._id));
    if (answer.body.entities.length < 100) return ids;
  }
}

/** Clicks "Export CSV" on the current screen and answers the downloaded file's name and text. */
async function downloadCsv(): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  return {
    name: download.suggestedFilename(),
    text: await readFile((await download.path()) as string, "utf8"),
  };
}

beforeAll(async () => {
  session = await startDemoSession();
  ({ server, page, token } = session);
});
afterAll(async () => {
  await session?.close();
});

it("downloads the filtered completed offers as CSV: header first, only the filter's rows, in the list's order", async () => {
  await page.goto("/dash/offers");
  await page.getByRole("heading", { name: "Completed Offers" }).waitFor();
  await page.getByLabel("Network", { exact: true }).selectOption("bitlabs");
  await expect.poll(() => new URL(page.url()).searchParams.get("network")).toBe("bitlabs");

  const { name, text } = await downloadCsv();
  expect(name).toMatch(/^offers-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = text.split("\r\n");
  expect(lines.at(-1)).toBe("");
  const [header, ...rows] = lines.slice(0, -1);
  expect(header).toBe(
    "id,date,userId,userEmail,network,offerName,transactionId,payout,points,status,ip,country",
  );
  const expected = await offerIds({ network: "bitlabs" });
  expect(expected.length).toBeGreaterThan(0);
  expect(rows.map((row) => row.split(",")[0])).toEqual(expected);
  expect(new Set(rows.map((row) => row.split(",")[4]))).toEqual(new Set(["bitlabs"]));
  // No cell of the file may start a formula: the server prefixes any such text with a quote.
  for (const row of rows) expect(row).not.toMatch(/(^|,)[=+@]/);
});

it("escapes a formula-looking transaction id in the downloaded file", async () => {
  await creditFromCpx(server.baseUrl, token, { transaction: "=1+2", usd: "0.10" });
  await page.goto("/dash/offers");
  await page.getByRole("heading", { name: "Completed Offers" }).waitFor();
  await page.getByLabel("Network", { exact: true }).selectOption("cpxresearch");
  await expect.poll(() => new URL(page.url()).searchParams.get("network")).toBe("cpxresearch");
  const { text } = await downloadCsv();
  const rows = text.split("\r\n").slice(1, -1);
  const cells = rows.map((row) => row.split(","));
  expect(cells.map((row) => row[6])).toContain("'=1+2");
  expect(new Set(cells.map((row) => row[4]))).toEqual(new Set(["cpxresearch"]));
});
