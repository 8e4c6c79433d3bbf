import { notifications } from "@mantine/notifications";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../lib/auth-store";
import { renderApp } from "../../../test/app";
import { memberAs } from "../../../test/members";
import { errorBody, type FetchCall } from "../../../test/render";

configure({ asyncUtilTimeout: 5000 });

const team = {
  members: [
    {
      _id: "u1",
      email: "ann@example.com",
      fullName: "Ann Owner",
      role: "owner",
      status: "active",
      mfaEnabled: true,
      lastSeenAt: "2026-01-01T00:00:00.000Z",
    },
    {
      _id: "u2",
      email: "sam@example.com",
      fullName: "Sam Support",
      role: "support",
      status: "active",
      mfaEnabled: false,
      lastSeenAt: null,
    },
  ],
  invites: [{ _id: "i1", email: "vic@example.com", role: "viewer", expiresAt: "2026-01-08T00:00:00.000Z" }],
  settings: { requireMfa: false, supportAdjustmentLimit: 1000 },
};

function answer(call: FetchCall) {
  if (call.url === "/api/team" && call.method === "GET") return { body: team };
  if (call.url === "/api/team/invites")
    return { status: 201, body: { _id: "i2", expiresAt: "2026-01-08T00:00:00.000Z" } };
  if (call.url === "/api/team/settings") return { body: call.body };
  if (call.url === "/api/team/members/u2" && call.method === "PUT") {
    return { body: { ...team.members[1], role: "admin" } };
  }
  return { body: { message: "ok" } };
}

const rowOf = (text: string) => within(screen.getByText(text).closest("tr") as HTMLElement);

describe("Team page", { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    notifications.clean();
    useAuthStore.getState().logout();
  });

  it("lists the members with role, 2FA and last seen, and the pending invitations", async () => {
    renderApp("/dash/team", answer);
    await screen.findByText("sam@example.com");
    expect(rowOf("sam@example.com").getByText("Never")).toBeInTheDocument();
    expect(rowOf("sam@example.com").getByText("Off")).toBeInTheDocument();
    expect(rowOf("ann@example.com").getByText("On")).toBeInTheDocument();
    expect(rowOf("sam@example.com").getByLabelText("Role of Sam Support", { selector: "input" })).toHaveValue(
      "Support",
    );
    // One cannot remove oneself here.
    expect(rowOf("ann@example.com").queryByRole("button", { name: /Remove/ })).not.toBeInTheDocument();
    expect(rowOf("vic@example.com").getByText("Viewer")).toBeInTheDocument();
  });

  it("invites by e-mail with a role", async () => {
    const { calls } = renderApp("/dash/team", answer);
    await screen.findByText("sam@example.com");
    await userEvent.type(screen.getByLabelText("Email"), "new@example.com");
    await userEvent.click(screen.getByLabelText("Role", { selector: "input" }));
    await userEvent.click(await screen.findByRole("option", { name: "Admin" }));
    await userEvent.click(screen.getByRole("button", { name: "Invite" }));
    await waitFor(() =>
      expect(calls().find((call) => call.url === "/api/team/invites")).toMatchObject({
        method: "POST",
        body: { email: "new@example.com", role: "admin" },
      }),
    );
    expect(await screen.findByText("Invitation sent to new@example.com")).toBeInTheDocument();
  });

  it("changes a member's role at once", async () => {
    const { calls } = renderApp("/dash/team", answer);
    await screen.findByText("sam@example.com");
    await userEvent.click(
      rowOf("sam@example.com").getByLabelText("Role of Sam Support", { selector: "input" }),
    );
    await userEvent.click(await screen.findByRole("option", { name: "Admin" }));
    await waitFor(() =>
      expect(calls().find((call) => call.method === "PUT")).toMatchObject({
        url: "/api/team/members/u2",
        body: { role: "admin" },
      }),
    );
  });

  it("removes a member after a confirmation, and withdraws an invitation", async () => {
    const { calls } = renderApp("/dash/team", answer);
    await screen.findByText("sam@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Remove Sam Support" }));
    expect(calls().some((call) => call.method === "DELETE")).toBe(false);
    const dialog = await screen.findByText(/Remove Sam Support from the team\?/);
    await userEvent.click(
      within(dialog.closest("[role=dialog]") as HTMLElement).getByRole("button", { name: "Remove" }),
    );
    await waitFor(() =>
      expect(
        calls()
          .filter((call) => call.method === "DELETE")
          .map((call) => call.url),
      ).toEqual(["/api/team/members/u2"]),
    );
    await userEvent.click(screen.getByRole("button", { name: "Withdraw the invitation of vic@example.com" }));
    await waitFor(() =>
      expect(
        calls()
          .filter((call) => call.method === "DELETE")
          .map((call) => call.url),
      ).toContain("/api/team/invites/i1"),
    );
  });

  it("saves the team rules: two-factor sign-in and the support limit, then reads the team again", async () => {
    const { calls } = renderApp("/dash/team", answer);
    const rules = within(await screen.findByRole("form", { name: "Team rules" }));
    const limit = rules.getByLabelText("Support adjustment limit (points per 24 hours)");
    expect(limit).toHaveValue("1000");
    await userEvent.click(rules.getByRole("switch", { name: "Require two-factor sign-in for the team" }));
    await userEvent.clear(limit);
    await userEvent.type(limit, "250");
    await userEvent.click(rules.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(calls().find((call) => call.url === "/api/team/settings")).toMatchObject({
        method: "PUT",
        body: { requireMfa: true, supportAdjustmentLimit: 250 },
      }),
    );
    expect(await screen.findByText("Team rules saved")).toBeInTheDocument();
    await waitFor(() =>
      expect(calls().filter((call) => call.url === "/api/team" && call.method === "GET")).toHaveLength(2),
    );
  });

  it("shows the server's refusal of a rule on its field", async () => {
    // The server's English, shown by its code with the number grouped in the language shown.
    const message = "Maximum 1000000000000000";
    const { calls } = renderApp("/dash/team", (call) =>
      call.url === "/api/team/settings"
        ? { status: 400, body: errorBody(400, "Bad Request", { supportAdjustmentLimit: message }) }
        : answer(call),
    );
    const rules = within(await screen.findByRole("form", { name: "Team rules" }));
    await userEvent.click(rules.getByRole("button", { name: "Save" }));
    expect(await rules.findByText("Maximum 1,000,000,000,000,000")).toBeInTheDocument();
    expect(rules.getByLabelText("Support adjustment limit (points per 24 hours)")).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    expect(calls().filter((call) => call.url === "/api/team/settings")).toHaveLength(1);
  });

  it("tells an admin, who does not manage the team, that the role does not allow it", async () => {
    const { calls } = renderApp("/dash/team", answer, memberAs("admin"));
    expect(await screen.findByText("Your role does not allow this")).toBeInTheDocument();
    expect(calls().some((call) => call.url === "/api/team")).toBe(false);
  });
});
