import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { errorBody, renderWithProviders, stubFetch } from "../../../test/render";
import { ResetPasswordForm } from "./reset-password-form";

const success = "Your password has been reset. You can sign in now.";

async function submitNewPassword() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Password"), "a-long-passphrase");
  await user.type(screen.getByLabelText("Confirm Password"), "a-long-passphrase");
  await user.click(screen.getByRole("button", { name: "Submit" }));
}

describe("ResetPasswordForm", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the token check's message above the form", async () => {
    const calls = stubFetch(() => ({ body: { message: "This reset link has expired. Ask for a new one." } }));
    renderWithProviders(<ResetPasswordForm token="abc" />);
    expect(await screen.findByText("This reset link has expired. Ask for a new one.")).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ url: "/api/users/auth/reset/abc", method: "GET" });
  });

  it("shows an error, never the success wording, when the reset fails", async () => {
    stubFetch(({ method }) =>
      method === "GET"
        ? { body: {} }
        : { status: 400, body: errorBody(400, "This reset link has already been used. Ask for a new one.") },
    );
    renderWithProviders(<ResetPasswordForm token="abc" />);
    await submitNewPassword();
    expect(
      await screen.findByText("This reset link has already been used. Ask for a new one."),
    ).toBeInTheDocument();
    expect(screen.queryByText(success)).not.toBeInTheDocument();
  });

  it("shows the success message with a way to sign in, and stays on the page", async () => {
    const calls = stubFetch(({ method }) =>
      method === "GET" ? { body: {} } : { body: { message: success } },
    );
    renderWithProviders(<ResetPasswordForm token="abc" />, {
      path: "/auth/reset/abc",
      initialEntries: ["/auth/reset/abc"],
    });
    await submitNewPassword();
    expect(await screen.findByText(success)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to sign in" })).toHaveAttribute("href", "/auth/login");
    expect(calls[1]).toMatchObject({
      method: "POST",
      body: { password: "a-long-passphrase", confirmPassword: "a-long-passphrase" },
    });
  });
});
