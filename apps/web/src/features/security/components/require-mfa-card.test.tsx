import { messages } from "@rewards/contract";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../lib/auth-store";
import { owner, renderApp } from "../../../test/app";
import { errorBody } from "../../../test/render";

const enrolledOwner = { ...owner, mfaEnabled: true };
const switchName = /^Require two-factor authentication for every administrator/;

describe("the owner's switch: two-factor sign-in for every administrator", { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.getState().logout();
  });

  it("shows the installation's setting on the Administrators page and saves a change", async () => {
    let requireMfa = false;
    const { calls } = renderApp(
      "/dash/admins",
      ({ url, method, body }) => {
        if (url === "/api/admins/security") {
          if (method === "PUT") requireMfa = (body as { requireMfa: boolean }).requireMfa;
          return { body: { requireMfa } };
        }
        return { body: { totalCount: 0, entities: [] } };
      },
      enrolledOwner,
    );
    // The first test loads the lazy Administrators screen.
    const toggle = await screen.findByRole("switch", { name: switchName }, { timeout: 10_000 });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(calls().find((call) => call.method === "PUT")).toMatchObject({
      url: "/api/admins/security",
      body: { requireMfa: true },
    });
  });

  it("asks the owner to turn it on for their own account first", async () => {
    const { calls } = renderApp("/dash/admins", ({ url }) =>
      url === "/api/admins/security"
        ? { body: { requireMfa: false } }
        : { body: { totalCount: 0, entities: [] } },
    );
    expect(await screen.findByText(/for your own account first/)).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: switchName })).toBeDisabled();
    expect(calls().some((call) => call.method === "PUT")).toBe(false);
  });

  it("reports a refused change and shows the setting as it was", async () => {
    renderApp(
      "/dash/admins",
      ({ url, method }) => {
        if (url === "/api/admins/security") {
          return method === "PUT"
            ? { status: 400, body: errorBody(400, messages.mfaOwnerFirst) }
            : { body: { requireMfa: false } };
        }
        return { body: { totalCount: 0, entities: [] } };
      },
      enrolledOwner,
    );
    const toggle = await screen.findByRole("switch", { name: switchName });
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    expect(await screen.findByText("Can't update sign-in security")).toBeInTheDocument();
    expect(screen.getByText(messages.mfaOwnerFirst)).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
  });
});
