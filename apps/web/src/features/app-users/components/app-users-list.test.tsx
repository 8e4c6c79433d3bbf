import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../lib/auth-store";
import { renderApp } from "../../../test/app";
import { appUser, appUserId } from "../../../test/fixtures/app-users";
import { errorBody } from "../../../test/render";

const appUsers = [appUser(1), appUser(2, { isActive: false, status: 2, isVerfied: true, device: "ios" })];
const listAnswer = { body: { totalCount: 2, entities: appUsers } };
const isList = (call: { url: string }) => call.url === "/api/users?group=false";

const rowOf = (email: string) => {
  const row = screen.getByText(email).closest("tr");
  if (!row) throw new Error(`no row for ${email}`);
  return within(row);
};

describe("Users list", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.getState().logout();
  });

  it("lists users newest first with their status and verification", async () => {
    const { calls } = renderApp("/dash/customers", () => listAnswer);
    expect(await screen.findByRole("heading", { name: "Users list" })).toBeInTheDocument();
    await screen.findByText("user1@example.com");
    expect(calls()[0]).toMatchObject({
      method: "POST",
      url: "/api/users?group=false",
      body: {
        queryParams: { filter: {}, sortField: "createdAt", sortOrder: "desc", pageNumber: 1, pageSize: 10 },
      },
    });
    expect(rowOf("user1@example.com").getByText("Active")).toBeInTheDocument();
    expect(rowOf("user1@example.com").getByText("Unverified")).toBeInTheDocument();
    expect(rowOf("user1@example.com").getByRole("img", { name: "Android" })).toBeInTheDocument();
    expect(rowOf("user2@example.com").getByText("Banned")).toBeInTheDocument();
    expect(rowOf("user2@example.com").getByText("Verified")).toBeInTheDocument();
    expect(rowOf("user2@example.com").getByRole("img", { name: "Apple" })).toBeInTheDocument();
  });

  it("searches in the chosen field and filters by status, from page 1", async () => {
    const { calls, router } = renderApp("/dash/customers?page=2", () => listAnswer);
    await screen.findByText("user1@example.com");
    await userEvent.selectOptions(screen.getByLabelText("Search in"), "ipSignup");
    await userEvent.type(screen.getByLabelText("Search"), "10.0");
    await userEvent.selectOptions(screen.getByLabelText("Status"), "2");
    await waitFor(() =>
      expect(calls().filter(isList).at(-1)?.body).toMatchObject({
        queryParams: { filter: { ipSignup: "10.0", status: 2 }, pageNumber: 1 },
      }),
    );
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({ searchIn: "ipSignup", search: "10.0", status: "2" });
  });

  it("asks nothing for an incomplete ID and says what an ID looks like", async () => {
    const { calls } = renderApp("/dash/customers?searchIn=_id", () => listAnswer);
    await screen.findByText("user1@example.com");
    await userEvent.type(screen.getByLabelText("Search"), "0190f4b2");
    expect(await screen.findByText(/Enter a complete ID/)).toBeInTheDocument();
    expect(calls().filter(isList)).toHaveLength(1);
    expect(screen.queryByText("user1@example.com")).not.toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText("Search"));
    await userEvent.type(screen.getByLabelText("Search"), appUserId(1));
    await waitFor(() =>
      expect(calls().filter(isList).at(-1)?.body).toMatchObject({
        queryParams: { filter: { _id: appUserId(1) } },
      }),
    );
  });

  it("reports a failed load with the action's message and the server's", async () => {
    renderApp("/dash/customers", () => ({ status: 400, body: errorBody(400, "Unknown filter: nope") }));
    expect(await screen.findByText("Can't find customers")).toBeInTheDocument();
    expect(screen.getByText("Unknown filter: nope")).toBeInTheDocument();
  });

  it("bans the selected users, then reloads the list and clears the selection", async () => {
    const { calls } = renderApp("/dash/customers", (call) =>
      call.method === "PUT" ? { body: { updated: 2 } } : listAnswer,
    );
    await screen.findByText("user1@example.com");
    await userEvent.click(screen.getByRole("checkbox", { name: "Select all records" }));
    expect(screen.getByText("Selected records count: 2")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("link", { name: "Update Status" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Update Status" }));
    expect(dialog.getByLabelText("Status")).toHaveValue("2");
    await userEvent.click(dialog.getByRole("button", { name: "Update Status" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls().find((call) => call.method === "PUT")).toMatchObject({
      url: "/api/users/state/ids",
      body: { ids: [appUserId(1), appUserId(2)], status: 2 },
    });
    expect(await screen.findByText("Status updated for 2 users")).toBeInTheDocument();
    await waitFor(() => expect(calls().filter(isList)).toHaveLength(2));
    expect(screen.queryByText(/Selected records count/)).not.toBeInTheDocument();
  });

  it("reports a failed status change", async () => {
    renderApp("/dash/customers", (call) =>
      call.method === "PUT"
        ? { status: 400, body: errorBody(400, "Select at least one record") }
        : listAnswer,
    );
    await screen.findByText("user1@example.com");
    await userEvent.click(screen.getByRole("checkbox", { name: "Select user1@example.com" }));
    await userEvent.click(screen.getByRole("link", { name: "Update Status" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Update Status" }));
    await userEvent.selectOptions(dialog.getByLabelText("Status"), "3");
    await userEvent.click(dialog.getByRole("button", { name: "Update Status" }));
    expect(await screen.findByText("Can't update customers status")).toBeInTheDocument();
  });

  it("lists the selected users, and closes the bulk dialogs when nothing is selected", async () => {
    const { router } = renderApp("/dash/customers/fetch", () => listAnswer);
    await waitFor(() => expect(router.state.location.pathname).toBe("/dash/customers"));
    await screen.findByText("user1@example.com");
    await userEvent.click(screen.getByRole("checkbox", { name: "Select user2@example.com" }));
    await userEvent.click(screen.getByRole("link", { name: "Fetch Selected" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Selected Users" }));
    expect(dialog.getByText("user2@example.com")).toBeInTheDocument();
    expect(dialog.getByText("KEY2")).toBeInTheDocument();
    expect(dialog.queryByText("user1@example.com")).not.toBeInTheDocument();
  });
});

describe("Users list: fraud signals", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.getState().logout();
  });

  it("badges a risky user beside the e-mail, orange for linked accounts, and leaves a clean one alone", async () => {
    const users = [appUser(1, { riskReasons: ["linked_device"] }), appUser(2)];
    renderApp("/dash/customers", () => ({ body: { totalCount: 2, entities: users } }));
    await screen.findByText("user1@example.com");
    const badge = rowOf("user1@example.com").getByRole("button", {
      name: "Risky: Shares a device id (GAID or Android id) with another account",
    });
    expect(badge).toHaveTextContent("Risky");
    expect(badge.closest("td")).toBe(screen.getByText("user1@example.com").closest("td"));
    expect(badge.style.getPropertyValue("--badge-color")).toContain("orange");
    expect(rowOf("user2@example.com").queryByRole("button", { name: /Risky/ })).not.toBeInTheDocument();
  });
});
