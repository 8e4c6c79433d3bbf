import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { errorBody, renderWithProviders, stubFetch } from "../../../test/render";
import { AdminsList } from "./admins-list";

const admins = [
  { _id: "a1", fullName: "Ann Owner", username: "ann@example.com", role: "owner", status: "active" },
  { _id: "a2", fullName: "Bob Waiting", username: "bob@example.com", role: "admin", status: "pending" },
  { _id: "a3", fullName: "Cy Active", username: "cy@example.com", role: "admin", status: "active" },
  { _id: "a4", fullName: "Di Off", username: "di@example.com", role: "admin", status: "disabled" },
].map((admin) => ({ ...admin, createdAt: "2026-01-02T10:00:00.000Z" }));

const rowOf = (email: string) => {
  const row = screen.getByText(email).closest("tr");
  if (!row) throw new Error(`no row for ${email}`);
  return within(row);
};

describe("AdminsList", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("offers the action that fits each status, and none to disable the owner", async () => {
    stubFetch(() => ({ body: { totalCount: admins.length, entities: admins } }));
    renderWithProviders(<AdminsList currentUserId="a1" />);
    await screen.findByText("bob@example.com");
    expect(rowOf("bob@example.com").getByRole("button", { name: "Approve" })).toBeInTheDocument();
    expect(rowOf("cy@example.com").getByRole("button", { name: "Disable" })).toBeInTheDocument();
    expect(rowOf("di@example.com").getByRole("button", { name: "Enable" })).toBeInTheDocument();
    expect(rowOf("ann@example.com").queryByRole("button")).not.toBeInTheDocument();
  });

  it("approves a pending account and reloads the list", async () => {
    const calls = stubFetch(({ method }) =>
      method === "PUT"
        ? { body: { ...admins[1], status: "active" } }
        : { body: { totalCount: 4, entities: admins } },
    );
    renderWithProviders(<AdminsList currentUserId="a1" />);
    await screen.findByText("bob@example.com");
    await userEvent.click(rowOf("bob@example.com").getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(calls.filter((call) => call.method === "GET")).toHaveLength(2));
    expect(calls.find((call) => call.method === "PUT")).toMatchObject({
      url: "/api/admins/a2/state",
      body: { status: "active" },
    });
  });

  it("reports a failed change with the action's message and the server's", async () => {
    stubFetch(({ method }) =>
      method === "PUT"
        ? { status: 403, body: errorBody(403, "The owner cannot disable itself.") }
        : { body: { totalCount: 4, entities: admins } },
    );
    renderWithProviders(<AdminsList currentUserId="a1" />);
    await screen.findByText("cy@example.com");
    await userEvent.click(rowOf("cy@example.com").getByRole("button", { name: "Disable" }));
    expect(await screen.findByText("Can't update administrator")).toBeInTheDocument();
    expect(screen.getByText("The owner cannot disable itself.")).toBeInTheDocument();
  });
});
