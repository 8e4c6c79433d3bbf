import { messages } from "@rewards/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RequireAuth, RequireGuest } from "../../../app/guard";
import { useAuthStore } from "../../../lib/auth-store";
import { owner, screenAt } from "../../../test/app";
import { errorBody, type FetchCall, renderWithProviders, stubFetch } from "../../../test/render";
import { SessionsTable } from "./sessions-table";

const chromeOnLinux =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const safariOnIphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1";
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const thisSession = {
  _id: "s-this",
  current: true,
  userAgent: chromeOnLinux,
  ip: "203.0.113.7",
  createdAt: "2026-03-01T09:30:00.000Z",
  lastSeenAt: minutesAgo(0),
};
// Newest first, as the server lists them: this browser signed in before the others.
const sessions = [
  {
    _id: "s-phone",
    current: false,
    userAgent: safariOnIphone,
    ip: "198.51.100.23",
    createdAt: "2026-03-02T18:05:00.000Z",
    lastSeenAt: minutesAgo(180),
  },
  {
    _id: "s-script",
    current: false,
    userAgent: null,
    ip: null,
    createdAt: "2026-03-02T10:00:00.000Z",
    lastSeenAt: minutesAgo(60),
  },
  thisSession,
];

function renderTable(answer: (call: FetchCall) => { status?: number; body?: unknown }) {
  useAuthStore.setState({ authToken: "jwt-1", user: owner });
  const calls = stubFetch((call) => (call.url === "/api/profile/me" ? { body: owner } : answer(call)));
  // The real guards, sign-out page and sign-in page: the notice must survive the way through them.
  const view = renderWithProviders(null, {
    initialEntries: ["/dashboard"],
    routes: [
      { Component: RequireAuth, children: [{ path: "/dashboard", element: <SessionsTable /> }] },
      { path: "/logout", lazy: screenAt("/logout") },
      {
        path: "/auth",
        Component: RequireGuest,
        children: [{ path: "login", lazy: screenAt("/auth/login") }],
      },
    ],
  });
  return { ...view, calls };
}

const rowOf = (device: string) => {
  const row = screen.getByText(device).closest("tr");
  if (!row) throw new Error(`no row for ${device}`);
  return within(row);
};

describe("active sessions", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.getState().logout();
  });

  it("lists each session's device in plain words, IP and times, and marks this one", async () => {
    renderTable(() => ({ body: sessions }));
    await screen.findByText("Chrome on Linux");
    expect(rowOf("Chrome on Linux").getByText("This device")).toBeInTheDocument();
    expect(rowOf("Chrome on Linux").getByText("203.0.113.7")).toBeInTheDocument();
    expect(rowOf("Chrome on Linux").getByText("1 Mar 2026")).toBeInTheDocument();
    expect(rowOf("Safari on iOS").getByText("198.51.100.23")).toBeInTheDocument();
    expect(rowOf("Safari on iOS").getByText("3 hours ago")).toBeInTheDocument();
    expect(rowOf("Safari on iOS").queryByText("This device")).not.toBeInTheDocument();
    expect(rowOf("Unknown device").getByText("—")).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: "Revoke" })).toHaveLength(3);
    // This browser's row comes first, whatever the server's order.
    expect(screen.getAllByRole("row")[1]).toHaveTextContent("This device");
  });

  it("revokes another session and reloads the list, staying signed in", async () => {
    let list = sessions;
    const { calls } = renderTable(({ method, url }) => {
      if (method === "DELETE") {
        list = list.filter((session) => !url.endsWith(session._id));
        return { body: { message: messages.sessionEnded } };
      }
      return { body: list };
    });
    await screen.findByText("Safari on iOS");
    await userEvent.click(rowOf("Safari on iOS").getByRole("button", { name: "Revoke" }));
    await waitFor(() => expect(screen.queryByText("Safari on iOS")).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === "DELETE")?.url).toBe("/api/profile/sessions/s-phone");
    expect(useAuthStore.getState().authToken).toBe("jwt-1");
    expect(screen.getByText("Chrome on Linux")).toBeInTheDocument();
  });

  it("revoking this device's session signs this browser out", async () => {
    const { calls } = renderTable(({ method }) => (method === "DELETE" ? { body: {} } : { body: sessions }));
    await screen.findByText("Chrome on Linux");
    await userEvent.click(rowOf("Chrome on Linux").getByRole("button", { name: "Revoke" }));
    expect(await screen.findByText(messages.signedOut)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sign In" })).toBeInTheDocument();
    expect(useAuthStore.getState()).toMatchObject({ authToken: null, user: null });
    // The session is already over: no second call to end it.
    expect(calls.filter((call) => call.url === "/api/users/logout")).toHaveLength(0);
  });

  it("signs out everywhere after a confirmation, this browser included", async () => {
    const { calls, router } = renderTable(({ method }) =>
      method === "DELETE" ? { body: {} } : { body: sessions },
    );
    const user = userEvent.setup();
    await screen.findByText("Chrome on Linux");
    await user.click(screen.getByRole("button", { name: "Sign out everywhere" }));
    // Nothing ended before the confirmation.
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);
    const confirm = await screen.findByText("Sign out every session of your account, this one included?");
    const dropdown = confirm.closest("[role=dialog]") as HTMLElement;
    await user.click(within(dropdown).getByRole("button", { name: "Sign out everywhere" }));
    expect(await screen.findByText(messages.sessionsEnded)).toBeInTheDocument();
    expect(calls.find((call) => call.method === "DELETE")?.url).toBe("/api/profile/sessions");
    expect(useAuthStore.getState().authToken).toBeNull();
    expect(router.state.location.pathname).toBe("/auth/login");
  });

  it("reports a failed revoke with the action's message and the server's", async () => {
    renderTable(({ method }) =>
      method === "DELETE" ? { status: 404, body: errorBody(404, "Session not found") } : { body: sessions },
    );
    await screen.findByText("Safari on iOS");
    await userEvent.click(rowOf("Safari on iOS").getByRole("button", { name: "Revoke" }));
    expect(await screen.findByText("Can't revoke session")).toBeInTheDocument();
    expect(screen.getByText("Session not found")).toBeInTheDocument();
    expect(useAuthStore.getState().authToken).toBe("jwt-1");
  });
});
