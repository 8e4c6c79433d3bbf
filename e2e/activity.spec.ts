import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { apiCall } from "./support/api.ts";
import { type DemoSession, startDemoSession } from "./support/demo-session.ts";

type Customer = { _id: string; username: string; referCode: string; points: number; provision: number };

let session: DemoSession;
let page: Page;
let user: Customer;

const dataRows = () => page.locator("tbody tr:not(.mantine-datatable-empty-row)");

beforeAll(async () => {
  session = await startDemoSession();
  page = session.page;
  const list = await apiCall<{ entities: Customer[] }>(
    session.server.baseUrl,
    "POST",
    "/api/users?group=false",
    { queryParams: { pageSize: 1 } },
    session.token,
  );
  user = list.body.entities[0] as Customer;
});
afterAll(async () => {
  await session?.close();
});

it("records a credit edit made on the Users screen and lists it in Activity", async () => {
  await page.goto(`/dash/customers/${user._id}/edit`);
  await page.getByLabel("Adjust points").fill("125");
  await page.getByLabel("Reason").fill("E2E credit");
  await page.getByRole("dialog").getByRole("button", { name: "Save", exact: true }).click();
  await page.getByRole("dialog").waitFor({ state: "detached" });

  await page.getByRole("link", { name: "Activity", exact: true }).first().click();
  await page.waitForURL("**/dash/activity");
  const row = dataRows().filter({ hasText: "User edited" }).first();
  await row.waitFor();
  expect(await row.textContent()).toContain(`points: ${user.points} → ${user.points + 125}`);
  expect(await row.textContent()).toContain("demo@rewards.local");

  await page.getByLabel("Action", { exact: true }).selectOption("user.update");
  await expect.poll(() => new URL(page.url()).searchParams.get("action")).toBe("user.update");
  await expect.poll(() => dataRows().count()).toBe(1);
});

it("shows the user's own history in their details", async () => {
  await page.goto("/dash/activity?action=user.update");
  await dataRows().first().getByRole("link", { name: "User", exact: true }).click();
  await page.waitForURL(`**/dash/customers/${user._id}/details`);
  const dialog = page.getByRole("dialog", { name: "User Details" });
  await dialog.getByText("User edited").waitFor();
  expect(await dialog.textContent()).toContain(`points: ${user.points} → ${user.points + 125}`);
});
