import { configure, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../lib/auth-store";
import { routes } from "../../../router";
import { owner } from "../../../test/members";
import { type FetchCall, renderWithProviders, stubFetch } from "../../../test/render";

configure({ asyncUtilTimeout: 5000 });

const apps = [
  { appId: "u1", appName: "Ann's app", role: "owner" },
  { appId: "a2", appName: "Bob's app", role: "support" },
];

function renderDashboard(list: typeof apps) {
  useAuthStore.setState({ authToken: "jwt-1", user: owner });
  const calls = stubFetch((call: FetchCall) => {
    if (call.url === "/api/profile/apps") return { body: { apps: list } };
    if (call.url === "/api/profile/apps/a2") return { body: { accessToken: "jwt-a2" } };
    if (call.url === "/api/profile/me") {
      const token = call.headers.Authorization;
      return { body: token === "Bearer jwt-a2" ? { ...owner, appId: "a2", role: "support" } : owner };
    }
    return { body: {} };
  });
  const view = renderWithProviders(null, { routes, initialEntries: ["/dashboard"] });
  return { calls, ...view };
}

describe("App switcher", { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.getState().logout();
  });

  it("is hidden while the account belongs to one app", async () => {
    const { calls } = renderDashboard(apps.slice(0, 1));
    await screen.findByText("Hi, Ann Owner");
    await waitFor(() => expect(calls.some((call) => call.url === "/api/profile/apps")).toBe(true));
    expect(screen.queryByLabelText("App", { selector: "input" })).not.toBeInTheDocument();
  });

  it("switches app: stores the new token and asks the profile again", async () => {
    const { calls } = renderDashboard(apps);
    const select = await screen.findByLabelText("App", { selector: "input" });
    expect(select).toHaveValue("Ann's app");
    await userEvent.click(select);
    await userEvent.click(await screen.findByRole("option", { name: "Bob's app" }));
    await waitFor(() => expect(useAuthStore.getState().user?.appId).toBe("a2"));
    expect(calls.find((call) => call.method === "POST")?.url).toBe("/api/profile/apps/a2");
    expect(useAuthStore.getState().authToken).toBe("jwt-a2");
    expect(useAuthStore.getState().user?.role).toBe("support");
    // Said and done even though the frame reloads (and unmounts the switcher) for the new profile.
    expect(await screen.findByText("Now working in Bob's app")).toBeInTheDocument();
  });
});
