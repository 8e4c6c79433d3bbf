import type { MailConfig } from "@rewards/contract";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../lib/auth-store";
import { signInAs } from "../../../test/members";
import { errorBody, renderWithProviders, stubFetch } from "../../../test/render";
import { MailForm } from "./mail-form";

const saved: MailConfig = {
  _id: "0190f4b2-7c1e-7a3d-9f10-2b6c8e4d5a71",
  adminId: "0190f4b2-7c1e-7a3d-9f10-000000000001",
  name: "mailgun",
  mailgunDomain: "mg.example.com",
  apiKey: "••••eol0",
  fromEmail: "rewards@example.com",
  supportEmail: "help@example.com",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

describe("MailForm", () => {
  // The save is the owner's to make: a role that may not shows it disabled.
  beforeEach(() => signInAs("owner"));
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.getState().logout();
  });

  it("keeps the masked API key as it came, so the server keeps the saved one", async () => {
    const calls = stubFetch(() => ({ body: saved }));
    renderWithProviders(<MailForm config={saved} />);
    expect(screen.getByLabelText(/^API Key/)).toHaveValue("••••eol0");
    const domain = screen.getByLabelText(/^Domain/);
    await userEvent.clear(domain);
    await userEvent.type(domain, "mg2.example.com");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: "PUT",
      url: `/api/setting/mailgun/${saved._id}`,
      body: { mailgunDomain: "mg2.example.com", apiKey: "••••eol0" },
    });
  });

  it("shows the form's message for a bad sender address", async () => {
    const calls = stubFetch(() => ({ body: saved }));
    renderWithProviders(<MailForm config={saved} />);
    const from = screen.getByLabelText(/^From Email/);
    await userEvent.clear(from);
    await userEvent.type(from, "not-an-address");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Invalid email format")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("reports what the test send answered", async () => {
    stubFetch(() => ({
      status: 502,
      body: errorBody(502, "Mailgun did not accept the message: 401 Forbidden"),
    }));
    renderWithProviders(<MailForm config={saved} />);
    await userEvent.click(screen.getByRole("button", { name: "Send test e-mail" }));
    expect(await screen.findByText("Mailgun did not accept the message: 401 Forbidden")).toBeInTheDocument();
    expect(screen.getByText("Can't send test e-mail")).toBeInTheDocument();
  });

  it("cannot send a test before the config is saved", () => {
    renderWithProviders(<MailForm config={{ ...saved, _id: undefined, apiKey: "" }} />);
    expect(screen.getByRole("button", { name: "Send test e-mail" })).toBeDisabled();
  });
});
