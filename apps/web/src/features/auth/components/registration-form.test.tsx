import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../lib/auth-store";
import { errorBody, renderWithProviders, stubFetch } from "../../../test/render";
import { RegistrationForm } from "./registration-form";

async function fillFields(password = "a-long-passphrase") {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Fullname"), "Bob Builder");
  await user.type(screen.getByLabelText("Email"), "bob@example.com");
  await user.type(screen.getByLabelText("Password"), password);
  await user.type(screen.getByLabelText("Confirm Password"), password);
  return user;
}

describe("RegistrationForm", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.getState().logout();
  });

  it("keeps Submit disabled until the terms box is ticked", async () => {
    stubFetch(() => ({ body: { accessToken: "jwt-owner" } }));
    renderWithProviders(<RegistrationForm />);
    const user = await fillFields();
    const submit = screen.getByRole("button", { name: "Submit" });
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole("checkbox"));
    expect(submit).toBeEnabled();
  });

  it("signs the first account (the owner) in", async () => {
    const calls = stubFetch(() => ({ body: { accessToken: "jwt-owner" } }));
    renderWithProviders(<RegistrationForm />);
    const user = await fillFields();
    await user.click(screen.getByRole("checkbox"));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(useAuthStore.getState().authToken).toBe("jwt-owner"));
    // The terms box never reaches the server.
    expect(calls[0]?.body).toEqual({
      fullName: "Bob Builder",
      username: "bob@example.com",
      password: "a-long-passphrase",
      confirmPassword: "a-long-passphrase",
    });
  });

  it("tells a later account that it waits for approval", async () => {
    stubFetch(() => ({ status: 403, body: errorBody(403, "Your account waiting to be approved.") }));
    renderWithProviders(<RegistrationForm />);
    const user = await fillFields();
    await user.click(screen.getByRole("checkbox"));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("Your account waiting to be approved.")).toBeInTheDocument();
    expect(useAuthStore.getState().authToken).toBeNull();
    expect(screen.getByRole("button", { name: "Submit" })).toBeEnabled();
  });

  it("puts a 400's field errors onto the fields", async () => {
    stubFetch(() => ({
      status: 400,
      body: errorBody(400, "Some fields are not valid", { password: "This password is too common" }),
    }));
    renderWithProviders(<RegistrationForm />);
    const user = await fillFields("password123");
    await user.click(screen.getByRole("checkbox"));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("This password is too common")).toBeInTheDocument();
    expect(screen.getByLabelText("Password")).toHaveAccessibleDescription("This password is too common");
  });
});
