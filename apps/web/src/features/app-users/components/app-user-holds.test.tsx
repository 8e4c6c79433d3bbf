import { notifications } from "@mantine/notifications";
import type { PointHold } from "@rewards/contract";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../lib/auth-store";
import { renderApp } from "../../../test/app";
import { appUser, appUserDetails, appUserId } from "../../../test/fixtures/app-users";
import { memberAs } from "../../../test/members";
import { errorBody, type FetchCall } from "../../../test/render";

configure({ asyncUtilTimeout: 5000 });

const holdId = (n: number) => `0190f4b2-7c1e-7a3d-9f10-2b6c8e4d8a${String(n).padStart(2, "0")}`;
const holdsUrl = `/api/payouts/users/${appUserId(1)}/holds`;
const detailsUrl = `/api/users/details/${appUserId(1)}`;

function hold(n: number, overrides: Partial<PointHold> = {}): PointHold {
  return {
    _id: holdId(n),
    points: 100 * n,
    offerId: null,
    network: "adgateow",
    releaseAt: "2026-01-20T10:00:00.000Z",
    status: "held",
    reason: "Rule 1: 14 days",
    releasedAt: null,
    createdAt: "2026-01-06T10:00:00.000Z",
    ...overrides,
  };
}

type Answer = { status?: number; body?: unknown };

/** The user's details and holds; `post` answers the release and extend calls. */
function answerWith(holds: PointHold[], post: (call: FetchCall) => Answer = ({ body }) => ({ body })) {
  return (call: FetchCall): Answer => {
    if (call.method === "POST" && call.url.startsWith("/api/payouts/holds/")) return post(call);
    if (call.url === holdsUrl) return { body: { entities: holds, totalCount: holds.length } };
    if (call.url === detailsUrl) return { body: appUserDetails(1, { points: 120, pendingPoints: 300 }) };
    return { body: { totalCount: 1, entities: [appUser(1)] } };
  };
}

const isHoldWrite = (call: FetchCall) => call.url.startsWith("/api/payouts/holds/");

/** The Extend button of the popover holding the days input. */
const extendIn = (days: HTMLElement) => {
  const dropdown = days.closest<HTMLElement>(".mantine-Popover-dropdown");
  if (!dropdown) throw new Error("no popover around the days input");
  return within(dropdown).getByRole("button", { name: "Extend" });
};

const rowOf = (scope: ReturnType<typeof within>, text: string) => {
  const row = scope.getByText(text).closest("tr");
  if (!row) throw new Error(`no row for ${text}`);
  return within(row);
};

describe("User details: held earnings", { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    notifications.clean();
    useAuthStore.getState().logout();
  });

  it("shows pending beside available points, and the holds with why and until when", async () => {
    renderApp(
      `/dash/customers/${appUserId(1)}/details`,
      answerWith([hold(3), hold(2, { status: "released", reason: "Released by hand", network: null })]),
    );
    const dialog = within(await screen.findByRole("dialog", { name: "User Details" }));
    expect(await dialog.findByText("120 available · 300 pending")).toBeInTheDocument();
    expect(dialog.getByRole("heading", { name: "Held earnings" })).toBeInTheDocument();
    const table = within(await dialog.findByTestId("user-holds"));
    const held = rowOf(table, "Rule 1: 14 days");
    expect(held.getByText("300")).toBeInTheDocument();
    expect(held.getByText("ADGATEOW")).toBeInTheDocument();
    expect(held.getByText(/20 Jan 2026/)).toBeInTheDocument();
    expect(held.getByText("Held")).toBeInTheDocument();
    expect(held.getByRole("button", { name: "Release" })).toBeInTheDocument();
    expect(held.getByRole("button", { name: "Extend" })).toBeInTheDocument();
    // A released hold has nothing left to do.
    const released = rowOf(table, "Released by hand");
    expect(released.getByText("Released")).toBeInTheDocument();
    expect(released.queryByRole("button")).not.toBeInTheDocument();
  });

  it("tells that a hold was released even when the refreshed holds drop its Release button first", async () => {
    // The server's answer after the release lists the hold as released: its row loses the button that
    // asked, and the message must still be shown.
    let status: PointHold["status"] = "held";
    renderApp(`/dash/customers/${appUserId(1)}/details`, (call) => {
      if (call.method === "POST" && isHoldWrite(call)) {
        status = "released";
        return { body: hold(3, { status }) };
      }
      return answerWith([hold(3, { status })])(call);
    });
    const dialog = within(await screen.findByRole("dialog", { name: "User Details" }));
    const table = within(await dialog.findByTestId("user-holds"));
    await userEvent.click(rowOf(table, "Rule 1: 14 days").getByRole("button", { name: "Release" }));
    expect(await screen.findByText("Released: 300 points are available now")).toBeInTheDocument();
    await waitFor(() =>
      expect(rowOf(table, "Rule 1: 14 days").queryByRole("button")).not.toBeInTheDocument(),
    );
  });

  it("releases a hold, then refreshes the holds and the user", async () => {
    const { calls } = renderApp(
      `/dash/customers/${appUserId(1)}/details`,
      answerWith([hold(3)], () => ({ body: hold(3, { status: "released" }) })),
    );
    const dialog = within(await screen.findByRole("dialog", { name: "User Details" }));
    const table = within(await dialog.findByTestId("user-holds"));
    const before = {
      holds: calls().filter((c) => c.url === holdsUrl).length,
      user: calls().filter((c) => c.url === detailsUrl).length,
    };
    await userEvent.click(rowOf(table, "Rule 1: 14 days").getByRole("button", { name: "Release" }));

    expect(await screen.findByText("Released: 300 points are available now")).toBeInTheDocument();
    expect(calls().filter(isHoldWrite)).toMatchObject([
      { method: "POST", url: `/api/payouts/holds/${holdId(3)}/release` },
    ]);
    await waitFor(() => {
      expect(calls().filter((c) => c.url === holdsUrl).length).toBeGreaterThan(before.holds);
      expect(calls().filter((c) => c.url === detailsUrl).length).toBeGreaterThan(before.user);
    });
  });

  it("extends a hold by the days given, and shows a refusal", async () => {
    let refuse = false;
    const { calls } = renderApp(
      `/dash/customers/${appUserId(1)}/details`,
      answerWith([hold(1)], () =>
        refuse
          ? { status: 409, body: errorBody(409, "This credit is not held any more") }
          : { body: hold(1, { releaseAt: "2026-01-30T10:00:00.000Z" }) },
      ),
    );
    const dialog = within(await screen.findByRole("dialog", { name: "User Details" }));
    const table = within(await dialog.findByTestId("user-holds"));
    await userEvent.click(rowOf(table, "Rule 1: 14 days").getByRole("button", { name: "Extend" }));
    const days = await screen.findByLabelText("Days to add");
    await userEvent.clear(days);
    await userEvent.type(days, "10");
    await userEvent.click(extendIn(days));
    expect(await screen.findByText(/Hold extended to 30 Jan 2026/)).toBeInTheDocument();
    expect(calls().find(isHoldWrite)).toMatchObject({
      method: "POST",
      url: `/api/payouts/holds/${holdId(1)}/extend`,
      body: { days: 10 },
    });

    refuse = true;
    await userEvent.click(rowOf(table, "Rule 1: 14 days").getByRole("button", { name: "Extend" }));
    const again = await screen.findByLabelText("Days to add");
    await userEvent.click(extendIn(again));
    expect(await screen.findByText("Can't change the hold")).toBeInTheDocument();
    expect(screen.getByText("This credit is not held any more")).toBeInTheDocument();
  });

  it("lists holds without actions for a role that may not moderate users", async () => {
    renderApp(`/dash/customers/${appUserId(1)}/details`, answerWith([hold(1)]), memberAs("viewer"));
    const dialog = within(await screen.findByRole("dialog", { name: "User Details" }));
    const table = within(await dialog.findByTestId("user-holds"));
    expect(table.getByText("Rule 1: 14 days")).toBeInTheDocument();
    expect(table.queryByRole("button")).not.toBeInTheDocument();
    expect(table.queryByText("Actions")).not.toBeInTheDocument();
  });

  it("shows pending points under the balance on the edit form", async () => {
    renderApp(`/dash/customers/${appUserId(1)}/edit`, (call) =>
      call.url === `/api/users/${appUserId(1)}`
        ? { body: appUser(1, { points: 120, pendingPoints: 300 }) }
        : { body: { totalCount: 1, entities: [appUser(1)] } },
    );
    const dialog = within(await screen.findByRole("dialog", { name: "Edit User" }));
    expect(await dialog.findByLabelText("Balance")).toHaveValue("120 points");
    expect(dialog.getByTestId("pending-points")).toHaveTextContent("120 available · 300 pending");
  });

  it("says when there is nothing held", async () => {
    renderApp(`/dash/customers/${appUserId(1)}/details`, answerWith([]));
    const dialog = within(await screen.findByRole("dialog", { name: "User Details" }));
    expect(await dialog.findByText("No held earnings")).toBeInTheDocument();
  });
});
