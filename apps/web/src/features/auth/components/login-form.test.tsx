import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../lib/auth-store";
import { errorBody, renderWithProviders, stubFetch } from "../../../test/render";
import { LoginForm } from "./login-form";

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Email"), email);
  await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Sign In" }));
}

describe("LoginForm", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.getState().logout();
  });

  it("shows the server's message when the login detail is wrong", async () => {
    stubFetch(() => ({ status: 401, body: errorBody(401, "The login detail is incorrect") }));
    renderWithProviders(<LoginForm delayMs={0} />);
    await fillAndSubmit("ann@example.com", "wrong-password");
    expect(await screen.findByText("The login detail is incorrect")).toBeInTheDocument();
    expect(useAuthStore.getState().authToken).toBeNull();
  });

  it("shows the pending-approval message of a 403", async () => {
    stubFetch(() => ({ status: 403, body: errorBody(403, "Your account waiting to be approved.") }));
    renderWithProviders(<LoginForm delayMs={0} />);
    await fillAndSubmit("bob@example.com", "secret-password");
    expect(await screen.findByText("Your account waiting to be approved.")).toBeInTheDocument();
  });

  it("waits the submit delay, then posts the normalised e-mail and stores the token", async () => {
    const calls = stubFetch(() => ({ body: { accessToken: "jwt-1" } }));
    renderWithProviders(<LoginForm delayMs={300} />);
    await fillAndSubmit("  Ann@Example.com ", "secret-password");
    // The spinner runs before anything is sent.
    expect(calls).toHaveLength(0);
    await waitFor(() => expect(useAuthStore.getState().authToken).toBe("jwt-1"));
    expect(calls[0]).toMatchObject({
      url: "/api/users/login",
      method: "POST",
      body: { username: "ann@example.com", password: "secret-password" },
    });
  });

  it("shows a field's error once it was touched, and sends nothing while invalid", async () => {
    const calls = stubFetch(() => ({ body: { accessToken: "jwt-1" } }));
    renderWithProviders(<LoginForm delayMs={0} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Email"), "not-an-email");
    await user.tab();
    expect(await screen.findByText("Wrong email format")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(calls).toHaveLength(0);
  });
});
