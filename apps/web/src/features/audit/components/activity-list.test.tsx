import { notifications } from "@mantine/notifications";
import type { AuditEntry } from "@rewards/contract";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../lib/auth-store";
import { owner, preloadScreens, renderApp } from "../../../test/app";
import { errorBody } from "../../../test/render";

// Screens load lazily, and the first of a file can take a while on a busy machine.
configure({ asyncUtilTimeout: 5000 });

// The screens load lazily: load them once up front, so no test pays for the first load on a busy machine.
beforeAll(() => preloadScreens("/dash/activity"), 30_000);

const userId = "0190f4b2-7c1e-7a3d-9f10-2b6c8e4d5a01";
const redeemId = "0190f4b2-7c1e-7a3d-9f10-2b6c8e4d6a01";
const countryId = "0190f4b2-7c1e-7a3d-9f10-2b6c8e4d7a01";
const actor = { _id: owner._id, fullName: owner.fullName, username: owner.username };

const entries: AuditEntry[] = [
  {
    _id: "e3",
    action: "user.update",
    recordType: "user",
    recordId: userId,
    actor,
    changes: { points: { before: 100, after: 350 }, isVerfied: { before: false, after: true } },
    createdAt: "2026-01-06T10:00:00.000Z",
  },
  {
    _id: "e2",
    action: "redeem.pay",
    recordType: "redeem",
    recordId: redeemId,
    actor,
    changes: { status: { before: 0, after: 1 }, code: { after: "••••9876" } },
    createdAt: "2026-01-05T10:00:00.000Z",
  },
  {
    _id: "e1",
    action: "country.delete",
    recordType: "country",
    recordId: countryId,
    actor: null,
    changes: { code: { before: "FR" } },
    createdAt: "2026-01-04T10:00:00.000Z",
  },
];

const isList = (call: { url: string }) => call.url.startsWith("/api/audit?");
const answer = { body: { totalCount: entries.length, entities: entries } };
/** The table row showing `text` (the action filter's options carry the same words). */
const rowOf = (text: string) => {
  const row = screen
    .getAllByText(text)
    .map((element) => element.closest("tr"))
    .find((candidate) => candidate !== null);
  if (!row) throw new Error(`no row for ${text}`);
  return within(row);
};
const tableLoaded = () => screen.findByText("Shell (npm run admin)");

describe("Activity", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    notifications.clean();
    useAuthStore.getState().logout();
  });

  it("lists who did what to which record, with the changes before and after", async () => {
    const { calls } = renderApp("/dash/activity", () => answer);
    await tableLoaded();
    expect(calls().filter(isList)[0]?.body).toEqual({
      queryParams: { filter: {}, sortField: "createdAt", sortOrder: "desc", pageNumber: 1, pageSize: 10 },
    });
    const edit = rowOf("User edited");
    expect(edit.getByText(owner.username)).toBeInTheDocument();
    expect(edit.getByRole("link", { name: "User" })).toHaveAttribute(
      "href",
      `/dash/customers/${userId}/details`,
    );
    expect(edit.getByText("100")).toBeInTheDocument();
    expect(edit.getByText("points").parentElement).toHaveTextContent("points: 100 → 350");
    expect(edit.getByText("isVerfied").parentElement).toHaveTextContent("isVerfied: false → true");

    const pay = rowOf("Redeem paid");
    expect(pay.getByRole("link", { name: "Redeem" })).toHaveAttribute(
      "href",
      `/dash/redeems/${redeemId}/details`,
    );
    expect(pay.getByText("code").parentElement).toHaveTextContent("code: ••••9876");

    // A deleted record has no screen to go to; the shell acted without an account.
    const deleted = rowOf("Country deleted");
    expect(deleted.queryByRole("link")).not.toBeInTheDocument();
    expect(deleted.getByText("Shell (npm run admin)")).toBeInTheDocument();
  });

  it("filters by action and by record id, kept in the address", async () => {
    const { calls, router } = renderApp("/dash/activity", () => answer);
    await tableLoaded();
    await userEvent.selectOptions(screen.getByLabelText("Action"), "Redeem paid");
    await waitFor(() =>
      expect(calls().filter(isList).at(-1)?.body).toMatchObject({
        queryParams: { filter: { action: "redeem.pay" }, pageNumber: 1 },
      }),
    );
    expect(router.state.location.search).toBe("?action=redeem.pay");

    await userEvent.click(rowOf("User edited").getByRole("button", { name: "Show this record's history" }));
    await waitFor(() =>
      expect(calls().filter(isList).at(-1)?.body).toMatchObject({
        queryParams: { filter: { action: "redeem.pay", recordId: userId } },
      }),
    );
  });

  it("filters by the member who acted, kept in the address", async () => {
    const samId = "0190f4b2-7c1e-7a3d-9f10-2b6c8e4d8a01";
    const actors = [
      { _id: owner._id, fullName: owner.fullName, email: owner.username },
      { _id: samId, fullName: "Sam Support", email: "sam@example.com" },
    ];
    const { calls, router } = renderApp("/dash/activity", (call) =>
      call.url === "/api/audit/actors" ? { body: { actors } } : answer,
    );
    await tableLoaded();
    const member = screen.getByLabelText("Member");
    await screen.findByRole("option", { name: "Sam Support (sam@example.com)" });
    await userEvent.selectOptions(member, "Sam Support (sam@example.com)");
    await waitFor(() =>
      expect(calls().filter(isList).at(-1)?.body).toMatchObject({
        queryParams: { filter: { actorId: samId }, pageNumber: 1 },
      }),
    );
    expect(router.state.location.search).toBe(`?actorId=${samId}`);
  });

  it("opens with the member filter from the address", async () => {
    const samId = "0190f4b2-7c1e-7a3d-9f10-2b6c8e4d8a01";
    const { calls } = renderApp(`/dash/activity?actorId=${samId}`, (call) =>
      call.url === "/api/audit/actors" ? { body: { actors: [] } } : answer,
    );
    await tableLoaded();
    expect(calls().filter(isList)[0]?.body).toMatchObject({ queryParams: { filter: { actorId: samId } } });
  });

  it("asks nothing for a part of an id, and says why", async () => {
    const { calls } = renderApp("/dash/activity?recordId=0190f4b2", () => answer);
    expect(await screen.findByText(/Enter a complete ID/)).toBeInTheDocument();
    expect(calls().filter(isList)).toHaveLength(0);
  });

  it("reports a failed load", async () => {
    renderApp("/dash/activity", () => ({ status: 400, body: errorBody(400, "pageSize must be 1 to 100") }));
    expect(await screen.findByText("Can't find activity")).toBeInTheDocument();
  });

  it("is in the menu", async () => {
    renderApp("/dash/activity", () => answer);
    const links = await screen.findAllByRole("link", { name: "Activity" });
    expect(links.map((link) => link.getAttribute("href"))).toContain("/dash/activity");
  });
});
