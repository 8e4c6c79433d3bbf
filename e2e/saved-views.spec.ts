import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { apiCall } from "./support/api.ts";
import type { AppServer } from "./support/app-server.ts";
import { type DemoSession, startDemoSession } from "./support/demo-session.ts";
import { invitation } from "./support/invitations.ts";

type SavedView = { _id: string; name: string; shared: boolean; mine: boolean; state: Record<string, string> };

let session: DemoSession;
let server: AppServer;
let page: Page;
let token: string;

const search = () => new URL(page.url()).searchParams;
const poll = { timeout: 10_000 };

beforeAll(async () => {
  session = await startDemoSession();
  ({ server, page, token } = session);
});
afterAll(async () => {
  await session?.close();
});

it("saves a filtered redeems view, opens it from its tab after a reload, and shares it with a member", async () => {
  await page.goto("/dash/redeems");
  await page.getByLabel("Status", { exact: true }).selectOption("0");
  await expect.poll(() => search().get("status"), poll).toBe("0");
  // Hide a column: part of the view's state too.
  await page.getByRole("button", { name: "Columns" }).click();
  await page.getByRole("menu").getByRole("checkbox", { name: "REWARD" }).click();
  await expect.poll(() => search().get("hide"), poll).toBe("rewardName");
  await page.keyboard.press("Escape");
  const hide = search().get("hide");

  await page.getByRole("button", { name: "Save view" }).click();
  const dialog = page.getByRole("dialog", { name: "Save this view" });
  await dialog.getByLabel("Name").fill("Pending e2e");
  await dialog.getByLabel("Share with the team").check();
  await dialog.getByRole("button", { name: "Save" }).click();
  await dialog.waitFor({ state: "detached" });
  const tab = page.getByRole("tab", { name: /Pending e2e/ });
  await expect.poll(() => tab.getAttribute("aria-selected"), poll).toBe("true");

  // A fresh load of the bare list: "All" is active, the filter is gone, the tab brings it back.
  await page.goto("/dash/redeems");
  await expect
    .poll(() => page.getByRole("tab", { name: "All" }).getAttribute("aria-selected"), poll)
    .toBe("true");
  await page.getByRole("tab", { name: /Pending e2e/ }).click();
  await expect.poll(() => search().get("status"), poll).toBe("0");
  expect(search().get("hide")).toBe(hide);
  // The select follows the URL on the next render.
  await expect.poll(() => page.getByLabel("Status", { exact: true }).inputValue(), poll).toBe("0");
  await expect
    .poll(() => page.getByRole("tab", { name: /Pending e2e/ }).getAttribute("aria-selected"), poll)
    .toBe("true");

  // A viewer invited to the team sees the shared view, not as their own.
  const email = "vera@viewer.test";
  const before = server.mail.received.length;
  const invite = await apiCall(server.baseUrl, "POST", "/api/team/invites", { email, role: "viewer" }, token);
  expect(invite.status).toBe(201);
  const { token: inviteToken } = await invitation(server.mail, email, before);
  const joined = await apiCall<{ accessToken: string }>(
    server.baseUrl,
    "POST",
    `/api/users/auth/invite/${inviteToken}`,
    { fullName: "Vera Viewer", password: "harbor-lantern-42" },
  );
  expect(joined.status).toBe(200);
  const views = await apiCall<{ views: SavedView[] }>(
    server.baseUrl,
    "GET",
    "/api/views?list=redeems",
    undefined,
    joined.body.accessToken,
  );
  expect(views.status).toBe(200);
  expect(views.body.views.map((view) => [view.name, view.shared, view.mine])).toEqual([
    ["Pending e2e", true, false],
  ]);
  expect(views.body.views[0]?.state).toEqual({ status: "0", hide });
});
