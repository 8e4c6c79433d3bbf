import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { apiCall } from "./support/api.ts";
import type { AppServer } from "./support/app-server.ts";
import { openPage } from "./support/browser.ts";
import { type DemoSession, startDemoSession } from "./support/demo-session.ts";

type Customer = { _id: string; username: string; referCode: string; points: number; isActive: boolean };
type ListAnswer = { totalCount: number; entities: Customer[] };

let session: DemoSession;
let server: AppServer;
let browser: Browser;
let page: Page;
let token: string;

async function listUsers(filter: Record<string, unknown> = {}, pageSize = 10) {
  const answer = await apiCall<ListAnswer>(
    server.baseUrl,
    "POST",
    "/api/users?group=false",
    { queryParams: { filter, sortField: "createdAt", sortOrder: "desc", pageNumber: 1, pageSize } },
    token,
  );
  return answer.body;
}

const dataRows = () => page.locator("tbody tr:not(.mantine-datatable-empty-row)");
const search = () => new URL(page.url()).searchParams;

beforeAll(async () => {
  session = await startDemoSession();
  ({ server, browser, page, token } = session);
});
afterAll(async () => {
  await session?.close();
});

it("opens from the menu and lists ten users a page, newest first", async () => {
  await page.getByRole("link", { name: "Users", exact: true }).first().click();
  await page.waitForURL("**/dash/customers");
  await page.getByRole("heading", { name: "Users list" }).waitFor();
  const newest = (await listUsers()).entities[0];
  await dataRows()
    .first()
    .getByText(newest?.username ?? "")
    .waitFor();
  expect(await dataRows().count()).toBe(10);
});

it("filters by e-mail and status at once, from page 1, and keeps it in the URL", async () => {
  await page.goto("/dash/customers?page=2");
  await dataRows().first().waitFor();
  await page.getByLabel("Status", { exact: true }).selectOption("2");
  await expect.poll(() => search().get("status")).toBe("2");
  expect(search().get("page")).toBeNull();
  const banned = await listUsers({ status: 2 });
  await expect.poll(() => dataRows().count()).toBe(Math.min(10, banned.totalCount));
  for (const badge of await page.locator("tbody").getByText("Banned", { exact: true }).all()) {
    expect(await badge.isVisible()).toBe(true);
  }
  const someone = banned.entities[0] as Customer;
  await page.getByLabel("Search", { exact: true }).fill(someone.username.slice(0, 8));
  await expect.poll(() => search().get("search")).toBe(someone.username.slice(0, 8));
  await page.getByText(someone.username).waitFor();
  await page.reload();
  await page.getByText(someone.username).waitFor();
  expect(await page.getByLabel("Search", { exact: true }).inputValue()).toBe(someone.username.slice(0, 8));
});

it("cycles a column's sort ascending, descending, neutral", async () => {
  await page.goto("/dash/customers");
  await dataRows().first().waitFor();
  const credit = page.getByRole("button", { name: /^CREDIT/ });
  await credit.click();
  await expect.poll(() => `${search().get("sortField")} ${search().get("sortOrder")}`).toBe("points asc");
  await credit.click();
  await expect.poll(() => search().get("sortOrder")).toBe("desc");
  const top = await listUsers();
  // Credits show grouped in English ("9,157").
  const credits = async () =>
    (await dataRows().locator("td:nth-child(7)").allInnerTexts()).map((text) =>
      Number(text.replaceAll(",", "")),
    );
  await expect
    .poll(async () => {
      const numbers = await credits();
      return numbers.every((value, index) => index === 0 || value <= (numbers[index - 1] ?? value));
    })
    .toBe(true);
  await credit.click();
  await expect.poll(() => search().get("sortField")).toBeNull();
  await dataRows()
    .first()
    .getByText(top.entities[0]?.username ?? "")
    .waitFor();
});

it("changes the page size", async () => {
  await page.goto("/dash/customers");
  await dataRows().first().waitFor();
  await page.getByRole("button", { name: "10" }).click();
  await page.getByRole("menuitem", { name: "5" }).click();
  await expect.poll(() => dataRows().count()).toBe(5);
  expect(search().get("pageSize")).toBe("5");
});

it("pages through, and the back button closes a modal opened from the list", async () => {
  await page.goto("/dash/customers?pageSize=5");
  await dataRows().first().waitFor();
  await page.getByRole("button", { name: "2", exact: true }).click();
  await expect.poll(() => search().get("page")).toBe("2");
  const secondPage = await apiCall<ListAnswer>(
    server.baseUrl,
    "POST",
    "/api/users",
    { queryParams: { sortField: "createdAt", sortOrder: "desc", pageNumber: 2, pageSize: 5 } },
    token,
  );
  await expect
    .poll(async () =>
      (await dataRows().locator("td:nth-child(2)").allInnerTexts()).map((text) => text.trim()),
    )
    .toEqual(secondPage.body.entities.map((user) => user.username));

  await dataRows().first().getByRole("link", { name: "Details" }).click();
  const dialog = page.getByRole("dialog", { name: "User Details" });
  await dialog.getByText("Network Size").waitFor();
  await page.goBack();
  await dialog.waitFor({ state: "detached" });
  expect(new URL(page.url()).pathname).toBe("/dash/customers");
  expect(search().get("page")).toBe("2");
});

it("edits a user's Share Key, verification and credit; a taken key shows on its field", async () => {
  const [first, second] = (await listUsers({ status: 3 })).entities as [Customer, Customer];
  await page.goto("/dash/customers?status=3");
  const row = page.locator("tr", { hasText: second.username });
  await row.getByRole("link", { name: "Edit" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit User" });
  await dialog.getByLabel("Shared Key").fill(first.referCode);
  await dialog.getByRole("button", { name: "Save" }).click();
  await dialog.getByText("This Share Key is already used by another user").waitFor();

  await dialog.getByLabel("Shared Key").fill("E2E42");
  // The balance is shown, not edited: points move by an adjustment with a reason.
  await dialog.getByLabel("Adjust points").fill("5");
  await dialog.getByLabel("Reason").fill("E2E goodwill");
  await dialog.getByRole("button", { name: "Save" }).click();
  await dialog.waitFor({ state: "detached" });
  expect(new URL(page.url()).search).toBe("?status=3");
  await page.locator("tr", { hasText: second.username }).getByText("E2E42").waitFor();
  const saved = await apiCall<Customer>(server.baseUrl, "GET", `/api/users/${second._id}`, undefined, token);
  expect(saved.body).toMatchObject({ referCode: "E2E42", points: second.points + 5 });
});

it("bans the selected users and clears the selection", async () => {
  const active = (await listUsers({ status: 3 }, 3)).entities as Customer[];
  await page.goto("/dash/customers?status=3&pageSize=3");
  for (const user of active.slice(0, 2)) {
    await page.getByRole("checkbox", { name: `Select ${user.username}` }).check();
  }
  await page.getByText("Selected records count: 2").waitFor();
  await page.getByRole("link", { name: "Fetch Selected" }).click();
  const selected = page.getByRole("dialog", { name: "Selected Users" });
  await selected.getByText(active[0]?.username ?? "").waitFor();
  await selected.getByRole("button", { name: "Close", exact: true }).click();
  await selected.waitFor({ state: "detached" });

  await page.getByRole("link", { name: "Update Status" }).click();
  const dialog = page.getByRole("dialog", { name: "Update Status" });
  expect(await dialog.getByLabel("Status").inputValue()).toBe("2");
  await dialog.getByRole("button", { name: "Update Status" }).click();
  await dialog.waitFor({ state: "detached" });
  await page.getByText("Status updated for 2 users").waitFor();
  await expect.poll(() => page.getByText(/Selected records count/).count()).toBe(0);
  await expect
    .poll(async () => (await listUsers({ status: 2 }, 100)).entities.map((user) => user._id))
    .toEqual(expect.arrayContaining(active.slice(0, 2).map((user) => user._id)));
});

it("opens a user's details by URL, and a bulk dialog without a selection closes at once", async () => {
  const user = (await listUsers()).entities[0] as Customer;
  await page.goto(`/dash/customers/${user._id}/details`);
  const dialog = page.getByRole("dialog", { name: "User Details" });
  await dialog.getByText("Network Size").waitFor();
  await dialog.getByText(user.username).waitFor();
  await page.keyboard.press("Escape");
  await page.waitForURL("**/dash/customers");

  await page.goto("/dash/customers/updateStatus?status=2");
  await page.waitForURL((url) => url.pathname === "/dash/customers" && url.search === "?status=2");
  expect(await page.getByRole("dialog").count()).toBe(0);
});

it("scrolls the table sideways on a phone", async () => {
  const phone = await openPage(browser, server.baseUrl, { width: 360, height: 740 });
  await phone.goto("/auth/login");
  await phone.evaluate(
    ([key, value]) => localStorage.setItem(key as string, value as string),
    ["rewards-auth", JSON.stringify({ state: { authToken: token, user: null }, version: 0 })],
  );
  await phone.goto("/dash/customers");
  await phone.locator("tbody tr").first().waitFor();
  const width = await phone.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await phone.context().close();
});
