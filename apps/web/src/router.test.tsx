import { screen, waitFor } from "@testing-library/react";
import { matchRoutes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "./lib/auth-store";
import { routePatterns } from "./lib/paths";
import { routes } from "./router";
import { owner } from "./test/members";
import { errorBody, renderWithProviders, stubFetch } from "./test/render";

function signIn() {
  useAuthStore.setState({ authToken: "jwt-1", user: owner });
  stubFetch(({ url }) => (url === "/api/profile/me" ? { body: owner } : { body: {} }));
}

type PatternTree = { readonly [key: string]: string | PatternTree };
const allPatterns = (tree: PatternTree): string[] =>
  Object.values(tree).flatMap((value) => (typeof value === "string" ? [value] : allPatterns(value)));

describe("routes", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.getState().logout();
  });

  it.each(allPatterns(routePatterns))("has a route of its own for %s", (pattern) => {
    const url = pattern.replace(/:[^/]+/g, "x1");
    const deepest = matchRoutes(routes, url)?.at(-1)?.route;
    expect(deepest).toBeDefined();
    // Not the catch-all that sends unknown paths to the error page.
    expect(deepest?.path).not.toBe("*");
  });

  it("registers the screens under the patterns of lib/paths.ts", () => {
    const registered = new Set<string>();
    const visit = (list: typeof routes) => {
      for (const route of list) {
        if (route.path?.startsWith("/")) registered.add(route.path);
        visit(route.children ?? []);
      }
    };
    visit(routes);
    expect([...registered].filter((path) => !allPatterns(routePatterns).includes(path))).toEqual([]);
  });

  it("sends a signed-out visitor of the dashboard to sign in", async () => {
    const { router } = renderWithProviders(null, { routes, initialEntries: ["/dashboard"] });
    expect(await screen.findByRole("button", { name: "Sign In" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/auth/login");
  });

  it("sends /auth and unknown /auth paths to the sign-in page", async () => {
    const { router } = renderWithProviders(null, { routes, initialEntries: ["/auth/nothing-here"] });
    await screen.findByRole("button", { name: "Sign In" });
    expect(router.state.location.pathname).toBe("/auth/login");
  });

  it("sends a signed-in user away from /auth to the dashboard", async () => {
    signIn();
    const { router } = renderWithProviders(null, { routes, initialEntries: ["/auth/login"] });
    expect(await screen.findByText("Welcome, Ann Owner")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard");
  });

  it("shows the 404 page for an unknown path of a signed-in user", async () => {
    signIn();
    const { router } = renderWithProviders(null, { routes, initialEntries: ["/no/such/page"] });
    expect(await screen.findByText("OOPS! Something went wrong here")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/error/error-v1");
  });

  it("fetches the profile after sign-in and forgets the session when it answers 401", async () => {
    useAuthStore.setState({ authToken: "expired", user: null });
    stubFetch(() => ({ status: 401, body: errorBody(401, "Please sign in again.") }));
    const { router } = renderWithProviders(null, { routes, initialEntries: ["/dashboard"] });
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/login"));
    expect(useAuthStore.getState().authToken).toBeNull();
  });

  it("signs out through /logout, ending the session on the server before forgetting the token", async () => {
    useAuthStore.setState({ authToken: "jwt-1", user: owner });
    let heldDuringCall: string | null = null;
    const calls = stubFetch(({ url }) => {
      if (url === "/api/users/logout") heldDuringCall = useAuthStore.getState().authToken;
      return { body: url === "/api/profile/me" ? owner : {} };
    });
    const { router } = renderWithProviders(null, { routes, initialEntries: ["/logout"] });
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/login"));
    expect(useAuthStore.getState()).toMatchObject({ authToken: null, user: null });
    // The browser forgets the token only after the server's answer.
    expect(heldDuringCall).toBe("jwt-1");
    expect(calls.find((call) => call.url === "/api/users/logout")).toMatchObject({
      method: "POST",
      headers: { Authorization: "Bearer jwt-1" },
    });
  });

  it("forgets the token even when the sign-out call fails", async () => {
    useAuthStore.setState({ authToken: "jwt-1", user: owner });
    stubFetch(({ url }) =>
      url === "/api/users/logout"
        ? { status: 500, body: errorBody(500, "Internal Server Error") }
        : { body: owner },
    );
    const { router } = renderWithProviders(null, { routes, initialEntries: ["/logout"] });
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/login"));
    expect(useAuthStore.getState()).toMatchObject({ authToken: null, user: null });
  });
});
