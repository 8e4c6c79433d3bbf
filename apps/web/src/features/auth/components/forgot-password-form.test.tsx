import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RedirectKeepingState } from "../../../app/guard";
import { errorBody, renderWithProviders, stubFetch } from "../../../test/render";
import { ForgotPasswordForm } from "./forgot-password-form";
import { LoginRoute } from "./login-form";

const routes = [
  { path: "/auth/forgot-password", element: <ForgotPasswordForm /> },
  { path: "/auth", element: <RedirectKeepingState to="/auth/login" /> },
  { path: "/auth/login", element: <LoginRoute /> },
];

async function requestLink(email: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Email"), email);
  await user.click(screen.getByRole("button", { name: "Submit" }));
}

describe("ForgotPasswordForm", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("goes back to sign in and shows the server's confirmation there", async () => {
    stubFetch(() => ({ body: { message: "We have sent a reset link to your e-mail address." } }));
    renderWithProviders(null, { routes, initialEntries: ["/auth/forgot-password"] });
    await requestLink("ann@example.com");
    expect(await screen.findByText("We have sent a reset link to your e-mail address.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sign In" })).toBeInTheDocument();
  });

  it("shows the not-found message for an unknown address", async () => {
    stubFetch(() => ({ status: 404, body: errorBody(404, "The requested nobody@example.com is not found") }));
    renderWithProviders(null, { routes, initialEntries: ["/auth/forgot-password"] });
    await requestLink("nobody@example.com");
    expect(await screen.findByText("The requested nobody@example.com is not found")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Forgotten Password?" })).toBeInTheDocument();
  });
});
