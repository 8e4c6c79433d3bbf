import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import Cookies from "js-cookie";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../lib/auth-store";
import { routes } from "../../router";
import { owner } from "../../test/members";
import { renderWithProviders, stubFetch } from "../../test/render";
import { asideCookieName } from "./use-aside-minimized";

function renderShell(installationOwner = true) {
  const user = { ...owner, installationOwner };
  useAuthStore.setState({ authToken: "jwt-1", user });
  stubFetch(({ url }) => ({ body: url === "/api/profile/sessions" ? [] : user }));
  return renderWithProviders(null, { routes, initialEntries: ["/dashboard"] });
}

const aside = () => document.querySelector("[data-minimized]");

describe("DashboardShell", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    Cookies.remove(asideCookieName, { path: "/" });
    useAuthStore.getState().logout();
  });

  it("minimises the aside and remembers it in the aside_minimized cookie", async () => {
    renderShell();
    const toggle = await screen.findByRole("button", { name: "Minimize menu" });
    expect(aside()).toHaveAttribute("data-minimized", "false");
    await userEvent.click(toggle);
    expect(aside()).toHaveAttribute("data-minimized", "true");
    expect(Cookies.get(asideCookieName)).toBe("true");
    expect(screen.getByRole("button", { name: "Expand menu" })).toBeInTheDocument();
  });

  it("starts minimised when the cookie says so", async () => {
    Cookies.set(asideCookieName, "true", { path: "/" });
    renderShell();
    await screen.findByRole("button", { name: "Expand menu" });
    expect(aside()).toHaveAttribute("data-minimized", "true");
  });

  it("greets the user and lists Administrators only for the installation's owner", async () => {
    renderShell(true);
    expect(await screen.findByText("Hi, Ann Owner")).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: "Administrators" }).length).toBeGreaterThan(0);
  });

  it("hides Administrators from an app's owner who is not the installation's owner", async () => {
    renderShell(false);
    await screen.findByText("Hi, Ann Owner");
    expect(screen.queryByRole("link", { name: "Administrators" })).not.toBeInTheDocument();
  });

  it("shows the account's security in the profile panel: two-factor sign-in and sessions", async () => {
    const user = owner;
    useAuthStore.setState({ authToken: "jwt-1", user });
    const session = {
      _id: "s1",
      current: true,
      userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0",
      ip: "203.0.113.9",
      createdAt: "2026-03-01T09:30:00.000Z",
      lastSeenAt: "2026-03-01T09:30:00.000Z",
    };
    stubFetch(({ url }) => ({
      body: url === "/api/profile/sessions" ? [session] : user,
    }));
    renderWithProviders(null, { routes, initialEntries: ["/dashboard"] });
    const clicks = userEvent.setup();
    await clicks.click(await screen.findByRole("button", { name: /User menu$/ }));
    await clicks.click(await screen.findByRole("menuitem", { name: "My Profile" }));
    expect(await screen.findByRole("heading", { name: "Security" })).toBeInTheDocument();
    expect(screen.getByText("Two-factor authentication")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Set up" })).toBeInTheDocument();
    expect(await screen.findByText("Firefox on Windows")).toBeInTheDocument();
    expect(screen.getByText("This device")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sign out everywhere" })).toBeInTheDocument();
    // The owner is pointed to the installation's rule.
    expect(screen.getByRole("link", { name: /Require it for every administrator/ })).toHaveAttribute(
      "href",
      "/dash/admins",
    );
  });

  it("opens the profile panel from the user menu", async () => {
    renderShell();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: /User menu$/ }));
    await user.click(await screen.findByRole("menuitem", { name: "My Profile" }));
    await waitFor(() => expect(screen.getByText("Application Administrator")).toBeVisible());
  });
});
