import { messages } from "@rewards/contract";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../lib/auth-store";
import { errorBody, type FetchCall, renderWithProviders, stubFetch } from "../../../test/render";
import { LoginForm } from "./login-form";

type Answer = { status?: number; body?: unknown };

/** The password step answers with the second step's token; `onCode` answers the code step. */
function stubTwoSteps(onCode: (call: FetchCall) => Answer) {
  return stubFetch((call) =>
    call.url === "/api/users/login" ? { body: { mfaRequired: true, mfaToken: "mfa-1" } } : onCode(call),
  );
}

async function passPasswordStep() {
  const user = userEvent.setup();
  renderWithProviders(<LoginForm delayMs={0} />);
  await user.type(screen.getByLabelText("Email"), "ann@example.com");
  await user.type(screen.getByLabelText("Password"), "secret-password");
  await user.click(screen.getByRole("button", { name: "Sign In" }));
  await screen.findByText("Enter the 6-digit code from your authenticator app");
  return user;
}

describe("sign-in with two-factor authentication", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.getState().logout();
  });

  it("asks for the code after the password, with a field phones fill from the authenticator", async () => {
    const calls = stubTwoSteps(() => ({ body: { accessToken: "jwt-2fa" } }));
    const user = await passPasswordStep();
    // No token yet: the password alone does not sign in.
    expect(useAuthStore.getState().authToken).toBeNull();
    const field = screen.getByLabelText("Authentication code");
    expect(field).toHaveAttribute("autocomplete", "one-time-code");
    expect(field).toHaveAttribute("inputmode", "numeric");
    expect(field).toHaveFocus();

    await user.type(field, "123 456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(useAuthStore.getState().authToken).toBe("jwt-2fa"));
    expect(calls.at(-1)).toMatchObject({
      url: "/api/users/login/mfa",
      method: "POST",
      body: { mfaToken: "mfa-1", code: "123456" },
    });
  });

  it("shows a wrong code's message clearly and empties the field for another try", async () => {
    stubTwoSteps(() => ({ status: 401, body: errorBody(401, messages.mfaCodeWrong) }));
    const user = await passPasswordStep();
    await user.type(screen.getByLabelText("Authentication code"), "000000");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(messages.mfaCodeWrong);
    expect(screen.getByLabelText("Authentication code")).toHaveValue("");
    // A 401 of this step is a wrong code, not a lost session.
    expect(screen.getByRole("button", { name: "Verify" })).toBeInTheDocument();
  });

  it("sends nothing while the code is not six digits or a recovery code", async () => {
    const calls = stubTwoSteps(() => ({ body: { accessToken: "jwt-2fa" } }));
    const user = await passPasswordStep();
    await user.type(screen.getByLabelText("Authentication code"), "12345");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText(messages.mfaCodeFormat)).toBeInTheDocument();
    expect(calls.filter((call) => call.url === "/api/users/login/mfa")).toHaveLength(0);
  });

  it("switches to a recovery code, a text field, and sends it normalised", async () => {
    const calls = stubTwoSteps(() => ({ body: { accessToken: "jwt-recovered" } }));
    const user = await passPasswordStep();
    await user.click(screen.getByRole("button", { name: "Use a recovery code" }));
    const field = screen.getByLabelText("Recovery code");
    expect(field).not.toHaveAttribute("inputmode", "numeric");
    expect(field).toHaveAttribute("autocomplete", "off");
    await user.type(field, "ABCDE12345FGHIJ");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(useAuthStore.getState().authToken).toBe("jwt-recovered"));
    expect(calls.at(-1)?.body).toEqual({ mfaToken: "mfa-1", code: "abcde-12345-fghij" });
    expect(screen.queryByRole("button", { name: "Use the code from your app" })).toBeInTheDocument();
  });

  it("goes back to the password step when the second step has expired", async () => {
    stubTwoSteps(() => ({ status: 401, body: errorBody(401, messages.mfaTokenInvalid) }));
    const user = await passPasswordStep();
    await user.type(screen.getByLabelText("Authentication code"), "123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText(messages.mfaTokenInvalid)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sign In" })).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveValue("ann@example.com");
    expect(screen.getByLabelText("Password")).toHaveValue("");
  });
});
