import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../lib/auth-store";
import { signInAs } from "../../../test/members";
import { errorBody, renderWithProviders, stubFetch } from "../../../test/render";
import { NotificationForm } from "./notification-form";

const sent = {
  notification: {
    _id: "0190f4b2-7c1e-7a3d-9f10-2b6c8e4d5a71",
    notificationTitle: "Double points",
    notificationBody: "Every offer pays double",
    status: "sent",
    error: null,
    createdAt: "2026-01-01T00:00:00.000Z",
  },
};

async function fillAndSend() {
  await userEvent.type(screen.getByLabelText(/^Title/), "Double points");
  await userEvent.type(screen.getByLabelText(/^Body/), "Every offer pays double");
  await userEvent.click(screen.getByRole("button", { name: "Send to All Devices" }));
}

describe("NotificationForm", () => {
  // The save is the owner's to make: a role that may not shows it disabled.
  beforeEach(() => signInAs("owner"));
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.getState().logout();
  });

  it("reads Sent after a successful send, and Send to All Devices again once the text changes", async () => {
    const calls = stubFetch(() => ({ body: sent }));
    renderWithProviders(<NotificationForm />);
    await fillAndSend();
    expect(await screen.findByRole("button", { name: "Sent" })).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      method: "POST",
      url: "/api/notification/",
      body: { title: "Double points", body: "Every offer pays double" },
    });
    await userEvent.type(screen.getByLabelText(/^Body/), "!");
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Send to All Devices" })).toBeInTheDocument(),
    );
  });

  it("keeps the button and shows the server's reason when push is not configured", async () => {
    stubFetch(() => ({ status: 400, body: errorBody(400, "Push notifications are not configured") }));
    renderWithProviders(<NotificationForm />);
    await fillAndSend();
    expect(await screen.findByText("Push notifications are not configured")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send to All Devices" })).toBeInTheDocument();
  });
});
