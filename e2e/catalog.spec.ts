import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { tinyPng } from "../apps/server/test/support/multipart.ts";
import { apiCall } from "./support/api.ts";
import type { AppServer } from "./support/app-server.ts";
import { type DemoSession, startDemoSession } from "./support/demo-session.ts";

type Country = { _id: string; fullName: string; code: string; priority: number };
type Reward = { _id: string; name: string; order: number; iconUrl: string | null; countryId: string };
type ListAnswer<T> = { totalCount: number; entities: T[] };

let session: DemoSession;
let server: AppServer;
let page: Page;
let token: string;
let tempDir: string;
let iconPath: string;

async function countryByCode(code: string): Promise<Country | undefined> {
  const answer = await apiCall<ListAnswer<Country>>(
    server.baseUrl,
    "POST",
    "/api/reward/countries/pagination?group=false",
    { queryParams: { filter: { code } } },
    token,
  );
  return answer.body.entities[0];
}

async function rewardsOf(countryId: string): Promise<Reward[]> {
  const answer = await apiCall<ListAnswer<Reward>>(
    server.baseUrl,
    "POST",
    `/api/reward/rewards/${countryId}?group=false`,
    { queryParams: { pageSize: 100 } },
    token,
  );
  return answer.body.entities;
}

const dataRows = () => page.locator("tbody tr:not(.mantine-datatable-empty-row)");
const rowWith = (text: string) => page.locator("tbody tr", { hasText: text });

beforeAll(async () => {
  tempDir = await mkdtemp(join(tmpdir(), "rewards-e2e-icon-"));
  iconPath = join(tempDir, "gift.png");
  await writeFile(iconPath, tinyPng);
  session = await startDemoSession();
  ({ server, page, token } = session);
});
afterAll(async () => {
  await session?.close();
  if (tempDir) await rm(tempDir, { recursive: true, force: true });
});

it("opens the countries from Manage Rewards, Worldwide first with a globe", async () => {
  await page.getByRole("link", { name: "Manage Rewards" }).first().click();
  await page.waitForURL("**/dash/rewards/countries");
  await page.getByRole("heading", { name: "Countries" }).waitFor();
  const first = dataRows().first();
  await first.getByText("Worldwide").waitFor();
  await first.getByRole("img", { name: "Worldwide" }).waitFor();
  expect(await dataRows().count()).toBe(8);
});

it("adds a country chosen from the searchable list; a second one with the same code is refused", async () => {
  await page.goto("/dash/rewards/countries");
  await dataRows().first().waitFor();
  for (const attempt of ["first", "duplicate"]) {
    await page.getByRole("link", { name: "New Country" }).click();
    const dialog = page.getByRole("dialog", { name: "New Country" });
    await dialog.getByPlaceholder("Search a country").fill("Icel");
    await page.getByRole("option", { name: "Iceland" }).click();
    await dialog.getByText("Code: IS").waitFor();
    await dialog.getByLabel("Priority").fill("95");
    await dialog.getByRole("button", { name: "Save" }).click();
    if (attempt === "first") {
      await dialog.waitFor({ state: "detached" });
    } else {
      await dialog.getByText("A country with the code IS already exists").waitFor();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "detached" });
    }
  }
  // Priority 95 sorts it second, after Worldwide (100).
  await expect.poll(() => dataRows().nth(1).textContent()).toContain("Iceland");
  expect(await countryByCode("IS")).toMatchObject({ fullName: "Iceland", priority: 95 });
});

it("adds a reward with an icon to the new country", async () => {
  await rowWith("Iceland").getByRole("link", { name: "Add Rewards" }).click();
  const iceland = (await countryByCode("IS")) as Country;
  await page.waitForURL(`**/dash/countries/${iceland._id}/add`);
  await page.getByRole("heading", { name: "Add Rewards to Iceland" }).waitFor();
  await page.getByText("No records found").waitFor();

  await page.getByRole("link", { name: "Create new reward" }).click();
  const dialog = page.getByRole("dialog", { name: "Create new reward" });
  await dialog.getByLabel("Reward Name").fill("Gift Card E2E");
  await dialog.getByLabel("Priority").fill("3");
  await dialog.getByRole("button", { name: "Save" }).click();
  await dialog.getByText("Please choose an image").waitFor();
  await dialog.locator('input[type="file"]').setInputFiles(iconPath);
  await dialog.getByRole("img", { name: "Icon preview" }).waitFor();
  await dialog.getByRole("button", { name: "Save" }).click();
  await dialog.waitFor({ state: "detached" });

  const icon = rowWith("Gift Card E2E").getByRole("img", { name: "Gift Card E2E icon" });
  await icon.waitFor();
  await expect.poll(() => icon.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  const [reward] = await rewardsOf(iceland._id);
  expect(reward).toMatchObject({ name: "Gift Card E2E", order: 3 });
  expect(reward?.iconUrl).toMatch(/^\/uploads\//);
});

it("adds two items to the reward, edits one, and deletes both at once", async () => {
  await rowWith("Gift Card E2E").getByRole("link", { name: "Add items" }).click();
  await page.waitForURL("**/dash/countries/rewards/*/add");
  await page.getByRole("heading", { name: "Add Rewards to Gift Card E2E" }).waitFor();
  for (const [amount, points] of [
    ["$5", "5000"],
    ["$10", "10000"],
  ] as const) {
    await page.getByRole("link", { name: "Create new Reward Item" }).click();
    const dialog = page.getByRole("dialog", { name: "Create new Reward Item" });
    await dialog.getByLabel("Reward Amount").fill(amount);
    await dialog.getByLabel("Points").fill(points);
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "detached" });
  }
  await rowWith("5,000 P").waitFor();
  await rowWith("10,000 P").waitFor();
  expect(await dataRows().count()).toBe(2);

  await rowWith("10,000 P").getByRole("link", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Reward Item" });
  await edit.getByLabel("Reward Amount").fill("$15");
  await edit.getByLabel("Points").fill("15000");
  await edit.getByRole("button", { name: "Save" }).click();
  await edit.waitFor({ state: "detached" });
  await rowWith("15,000 P").getByText("$15").waitFor();

  await page.getByRole("checkbox", { name: "Select all records" }).check();
  await page.getByText("Selected records count: 2").waitFor();
  await page.getByRole("link", { name: "Delete All" }).click();
  const bulk = page.getByRole("dialog", { name: "Delete Reward Items" });
  await bulk.getByRole("button", { name: "Delete All" }).click();
  await bulk.waitFor({ state: "detached" });
  await page.getByText("No records found").waitFor();
  await expect.poll(() => page.getByText(/Selected records count/).count()).toBe(0);
});

it("goes back from the items to the reward's country, and from there to the countries", async () => {
  await page.getByRole("link", { name: "Back" }).click();
  await page.getByRole("heading", { name: "Add Rewards to Iceland" }).waitFor();
  await rowWith("Gift Card E2E").waitFor();

  await rowWith("Gift Card E2E").getByRole("link", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Reward" });
  await edit.getByRole("img", { name: "Icon preview" }).waitFor();
  await edit.getByLabel("Reward Name").fill("Gift Card Renamed");
  await edit.getByRole("button", { name: "Save" }).click();
  await edit.waitFor({ state: "detached" });
  await rowWith("Gift Card Renamed").getByRole("img", { name: "Gift Card Renamed icon" }).waitFor();

  await page.getByRole("link", { name: "Back" }).click();
  await page.waitForURL("**/dash/rewards/countries");
  await page.getByRole("heading", { name: "Countries" }).waitFor();
});

it("pages a country's rewards by 1, 3 or 5 (5 by default), by id ascending", async () => {
  const us = (await countryByCode("US")) as Country;
  const rewards = await rewardsOf(us._id);
  expect(rewards.length).toBe(5);
  await page.goto(`/dash/countries/${us._id}/add`);
  await page.getByRole("heading", { name: "Add Rewards to United States of America" }).waitFor();
  await expect.poll(() => dataRows().count()).toBe(5);
  expect(await dataRows().first().textContent()).toContain(rewards[0]?.name ?? "");

  await page.getByRole("button", { name: "5", exact: true }).click();
  // The menu opens after the click returns: read its items once they are there.
  await expect
    .poll(async () => (await page.getByRole("menuitem").allInnerTexts()).map((size) => size.trim()))
    .toEqual(["1", "3", "5"]);
  await page.getByRole("menuitem", { name: "3" }).click();
  await expect.poll(() => dataRows().count()).toBe(3);
  await page.getByRole("button", { name: "3", exact: true }).first().click();
  await page.getByRole("menuitem", { name: "1" }).click();
  await expect.poll(() => dataRows().count()).toBe(1);
  expect(new URL(page.url()).searchParams.get("pageSize")).toBe("1");
  await page.getByText("1-1 of 5").waitFor();
});

it("deletes the selected countries with their rewards; /dash/rewards/rewards leads to the countries", async () => {
  await page.goto("/dash/rewards/rewards");
  await page.waitForURL("**/dash/rewards/countries");
  const iceland = (await countryByCode("IS")) as Country;
  const [reward] = await rewardsOf(iceland._id);
  await page.getByRole("checkbox", { name: "Select Iceland" }).check();
  await page.getByRole("checkbox", { name: "Select Germany" }).check();
  await page.getByText("Selected records count: 2").waitFor();
  await page.getByRole("link", { name: "Delete All" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete Countries" });
  await dialog.getByText("Iceland, Germany").waitFor();
  await dialog.getByRole("button", { name: "Delete All" }).click();
  await dialog.waitFor({ state: "detached" });
  await expect.poll(() => rowWith("Iceland").count()).toBe(0);
  expect(await rowWith("Germany").count()).toBe(0);
  expect(await countryByCode("IS")).toBeUndefined();
  const icon = await fetch(`${server.baseUrl}${reward?.iconUrl}`);
  expect(icon.status).toBe(404);
});
