import { notifications } from "@mantine/notifications";
import type { AuditEntry } from "@rewards/contract";
import { configure, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../lib/auth-store";
import { owner, preloadScreens, renderApp } from "../../../test/app";
import { appUserDetails, appUserId } from "../../../test/fixtures/app-users";
import { redeemDetails, redeemId } from "../../../test/fixtures/redeems";
import { errorBody } from "../../../test/render";

configure({ asyncUtilTimeout: 5000 });

// The screens load lazily: load them once up front, so no test pays for the first load on a busy machine.
beforeAll(() => preloadScreens("/dash/customers/x/details", "/dash/redeems/x/details"), 30_000);

const actor = { _id: owner._id, fullName: owner.fullName, username: owner.username };
const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  _id: "e1",
  action: "user.update",
  recordType: "user",
  recordId: appUserId(1),
  actor,
  changes: {},
  createdAt: "2026-01-06T10:00:00.000Z",
  ...overrides,
});
const emptyList = { body: { totalCount: 0, entities: [] } };

describe("A record's history in its details", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    notifications.clean();
    useAuthStore.getState().logout();
  });

  it("shows the user's changes, newest first, and links to the rest", async () => {
    const history = [
      entry({ _id: "e2", changes: { points: { before: 100, after: 350 } } }),
      entry({ _id: "e1", action: "user.status", changes: { isActive: { before: true, after: false } } }),
    ];
    const { calls } = renderApp(`/dash/customers/${appUserId(1)}/details`, (call) => {
      if (call.url.startsWith(`/api/audit/record/${appUserId(1)}`)) {
        return { body: { totalCount: 12, entities: history } };
      }
      if (call.url === `/api/users/details/${appUserId(1)}`) return { body: appUserDetails(1) };
      return emptyList;
    });
    const dialog = within(await screen.findByRole("dialog", { name: "User Details" }));
    expect(await dialog.findByText("User edited")).toBeInTheDocument();
    expect(dialog.getByText("points").parentElement).toHaveTextContent("points: 100 → 350");
    expect(dialog.getByText("User status changed")).toBeInTheDocument();
    expect(dialog.getByRole("link", { name: "All 12 changes in Activity" })).toHaveAttribute(
      "href",
      `/dash/activity?recordId=${appUserId(1)}`,
    );
    expect(calls().find((call) => call.url.startsWith("/api/audit/record/"))?.url).toBe(
      `/api/audit/record/${appUserId(1)}?pageSize=10`,
    );
  });

  it("says a redeem has no history yet when nothing was recorded (404)", async () => {
    renderApp(`/dash/redeems/${redeemId(1)}/details`, (call) => {
      if (call.url.startsWith("/api/audit/record/"))
        return { status: 404, body: errorBody(404, "Not found") };
      if (call.url === `/api/redeem/${redeemId(1)}`) return { body: redeemDetails(1) };
      return emptyList;
    });
    const dialog = within(await screen.findByRole("dialog", { name: "Redeem Details" }));
    expect(await dialog.findByText("No changes recorded yet.")).toBeInTheDocument();
  });

  it("shows a redeem's pay with its masked code, without a link when that is all", async () => {
    const pay = entry({
      action: "redeem.pay",
      recordType: "redeem",
      recordId: redeemId(1),
      changes: { code: { after: "••••9876" } },
    });
    renderApp(`/dash/redeems/${redeemId(1)}/details`, (call) => {
      if (call.url.startsWith("/api/audit/record/")) return { body: { totalCount: 1, entities: [pay] } };
      if (call.url === `/api/redeem/${redeemId(1)}`) return { body: redeemDetails(1) };
      return emptyList;
    });
    const dialog = within(await screen.findByRole("dialog", { name: "Redeem Details" }));
    expect(await dialog.findByText("Redeem paid")).toBeInTheDocument();
    expect(dialog.getByText("code").parentElement).toHaveTextContent("code: ••••9876");
    expect(dialog.queryByRole("link", { name: /changes in Activity/ })).not.toBeInTheDocument();
  });

  it("shows a history that cannot be loaded as a message in its place", async () => {
    renderApp(`/dash/customers/${appUserId(1)}/details`, (call) => {
      if (call.url.startsWith("/api/audit/record/"))
        return { status: 400, body: errorBody(400, "Not a valid id") };
      if (call.url === `/api/users/details/${appUserId(1)}`) return { body: appUserDetails(1) };
      return emptyList;
    });
    const dialog = within(await screen.findByRole("dialog", { name: "User Details" }));
    expect(await dialog.findByText("Can't load history")).toBeInTheDocument();
  });
});
