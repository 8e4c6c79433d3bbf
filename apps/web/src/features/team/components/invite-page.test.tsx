import { configure, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../lib/auth-store";
import { routes } from "../../../router";
import { preloadScreens } from "../../../test/app";
import { owner } from "../../../test/members";
import { errorBody, type FetchCall, renderWithProviders, stubFetch } from "../../../test/render";

configure({ asyncUtilTimeout: 5000 });

const invitePath = "/api/users/auth/invite/tok-1";
const details = { email: "sam@example.com", appName: "Ann's app", role: "support" };

function answer(call: FetchCall) {
  if (call.url === invitePath && call.method === "GET") return { body: details };
  if (call.url === invitePath && call.method === "POST") return { body: { accessToken: "jwt-joined" } };
  if (call.url === "/api/profile/me") return { body: { ...owner, appId: "a2", role: "support" } };
  if (call.url === "/api/profile/apps") return { body: { apps: [] } };
  return { body: {} };
}

function renderInvite(handler: (call: FetchCall) => { status?: number; body?: unknown } = answer) {
  const calls = stubFetch(handler);
  const view = renderWithProviders(null, { routes, initialEntries: ["/auth/invite/tok-1"] });
  return { calls, ...view };
}

describe("Invitation page", { timeout: 20_000 }, () => {
  beforeAll(() => preloadScreens("/auth/invite/tok-1", "/dashboard"), 20_000);
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.getState().logout();
  });

  it("shows the app, the role and the address, and creates the account", async () => {
    const { calls, router } = renderInvite();
    expect(
      await screen.findByText(
        "You are invited to join Ann's app as Support, with the address sam@example.com.",
      ),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Full name"), "Sam Support");
    await userEvent.type(screen.getByLabelText("Password"), "Str0ng-passw0rd!");
    await userEvent.type(screen.getByLabelText("Confirm Password"), "Str0ng-passw0rd!");
    await userEvent.click(screen.getByRole("button", { name: "Create my account and join" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(calls.find((call) => call.method === "POST")).toMatchObject({
      url: invitePath,
      body: { fullName: "Sam Support", password: "Str0ng-passw0rd!" },
    });
    expect(useAuthStore.getState().authToken).toBe("jwt-joined");
  });

  it("checks the confirmation before sending", async () => {
    const { calls } = renderInvite();
    await screen.findByText(/You are invited to join/);
    await userEvent.type(screen.getByLabelText("Full name"), "Sam Support");
    await userEvent.type(screen.getByLabelText("Password"), "Str0ng-passw0rd!");
    await userEvent.type(screen.getByLabelText("Confirm Password"), "another-one");
    await userEvent.click(screen.getByRole("button", { name: "Create my account and join" }));
    expect(calls.some((call) => call.method === "POST")).toBe(false);
  });

  it("lets a signed-in account join with one button", async () => {
    useAuthStore.setState({ authToken: "jwt-1", user: owner });
    const { calls, router } = renderInvite();
    await userEvent.click(await screen.findByRole("button", { name: "Join Ann's app" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    const post = calls.find((call) => call.method === "POST");
    expect(post).toMatchObject({ url: invitePath, body: {} });
    expect(post?.headers.Authorization).toBe("Bearer jwt-1");
    expect(useAuthStore.getState().authToken).toBe("jwt-joined");
  });

  it("says so when the link is expired, used or withdrawn", async () => {
    renderInvite((call) =>
      call.url === invitePath ? { status: 404, body: errorBody(404, "Not found") } : { body: {} },
    );
    expect(await screen.findByText(/This invitation has expired/)).toBeInTheDocument();
    expect(screen.queryByLabelText("Full name")).not.toBeInTheDocument();
  });
});
