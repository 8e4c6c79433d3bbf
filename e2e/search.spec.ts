import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { apiCall } from "./support/api.ts";
import type { AppServer } from "./support/app-server.ts";
import { type DemoSession, startDemoSession } from "./support/demo-session.ts";

type User = { _id: string; username: string };

let session: DemoSession;
let server: AppServer;
let page: Page;
let token: string;

beforeAll(async () => {
  session = await startDemoSession();
  ({ server, page, token } = session);
});
afterAll(async () => {
  await session?.close();
});

it("opens with Ctrl+K, finds a user by an e-mail prefix in any case, and shows the user's details", async () => {
  const users = await apiCall<{ entities: User[] }>(
    server.baseUrl,
    "POST",
    "/api/users?group=false",
    { queryParams: { pageSize: 1 } },
    token,
  );
  const user = users.body.entities[0] as User;
  const prefix = user.username.slice(0, user.username.indexOf("@") + 1).toUpperCase();

  await page.getByRole("button", { name: /^Search/ }).waitFor();
  await page.keyboard.press("Control+k");
  const input = page.getByPlaceholder("E-mail, id, referral code or transaction id");
  await input.fill(prefix);
  const found = page.getByRole("group", { name: "Users" }).getByText(user.username, { exact: true });
  await found.click();

  await page.waitForURL(`**/dash/customers/${user._id}/details`);
  const dialog = page.getByRole("dialog", { name: "User Details" });
  await dialog.getByText(user.username).waitFor();
  expect(await input.count()).toBe(0);
});
