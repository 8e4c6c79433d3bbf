import type { Giveaway } from "@rewards/contract";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../lib/auth-store";
import { signInAs } from "../../../test/members";
import { renderWithProviders, stubFetch } from "../../../test/render";
import { WinnerCard } from "./winner-card";

const saved: Giveaway = {
  _id: "0190f4b2-7c1e-7a3d-9f10-2b6c8e4d5a71",
  adminId: "0190f4b2-7c1e-7a3d-9f10-000000000001",
  giveawayTitle: "Summer draw",
  giveawayDescription: "Win a gift card",
  giveawayStatus: 1,
  winnerTitle: "We have winners",
  winnerDescription: "Congratulations",
  winnerStatus: 0,
  updatedAt: "2026-01-01T00:00:00.000Z",
};

const section = () => screen.getByTestId("winner-section");

describe("WinnerCard", () => {
  // The save is the owner's to make: a role that may not shows it disabled.
  beforeEach(() => signInAs("owner"));
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.getState().logout();
  });

  it("is collapsed while winnerStatus is 0 and opens with its switch", async () => {
    renderWithProviders(<WinnerCard giveaway={saved} />);
    expect(section()).toHaveAttribute("aria-hidden", "true");
    await userEvent.click(screen.getByRole("switch", { name: "Enable winners announcement" }));
    expect(section()).toHaveAttribute("aria-hidden", "false");
  });

  it("is expanded when winnerStatus is 1, and saves the card by PUT on the saved record", async () => {
    const calls = stubFetch(() => ({ body: { ...saved, winnerStatus: 1, winnerTitle: "Winners!" } }));
    renderWithProviders(<WinnerCard giveaway={{ ...saved, winnerStatus: 1 }} />);
    expect(section()).toHaveAttribute("aria-hidden", "false");
    const title = screen.getByLabelText(/Winner Title/);
    await userEvent.clear(title);
    await userEvent.type(title, "Winners!");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: "PUT",
      url: `/api/giveaway/${saved._id}`,
      body: { winnerTitle: "Winners!", winnerDescription: "Congratulations", winnerStatus: 1 },
    });
  });

  it("shows the form's message and sends nothing for a short title", async () => {
    const calls = stubFetch(() => ({ body: saved }));
    renderWithProviders(
      <WinnerCard giveaway={{ ...saved, _id: undefined, winnerStatus: 1, winnerTitle: "" }} />,
    );
    await userEvent.type(screen.getByLabelText(/Winner Title/), "ab");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Minimum 3 symbols")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
