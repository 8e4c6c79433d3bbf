import type { GeneralConfig } from "@rewards/contract";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../lib/auth-store";
import { signInAs } from "../../../test/members";
import { renderWithProviders, stubFetch } from "../../../test/render";
import { GeneralConfigForm } from "./general-config-form";

const saved: GeneralConfig = {
  _id: "0190f4b2-7c1e-7a3d-9f10-2b6c8e4d5a72",
  adminId: "0190f4b2-7c1e-7a3d-9f10-000000000001",
  name: "general",
  refPercent: 25,
  ratio: 1000,
  fbLike: 10,
  fbShare: 20,
  twShare: 20,
  blockVpnSignups: false,
  timeZone: "UTC",
  language: "en",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

describe("GeneralConfigForm", () => {
  // The save is the owner's to make: a role that may not shows it disabled.
  beforeEach(() => signInAs("owner"));
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.getState().logout();
  });

  it("saves the switch that blocks VPN, proxy and Tor sign-ups with the point rules", async () => {
    const calls = stubFetch(() => ({ body: { ...saved, blockVpnSignups: true } }));
    renderWithProviders(<GeneralConfigForm config={saved} />);
    const toggle = screen.getByRole("switch", { name: /^Block VPN, proxy and Tor sign-ups/ });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: "PUT",
      url: `/api/setting/settingconfig/${saved._id}`,
      body: { refPercent: 25, ratio: 1000, blockVpnSignups: true },
    });
  });

  it("saves the app time zone chosen from the searchable list", async () => {
    const calls = stubFetch(() => ({ body: { ...saved, timeZone: "Europe/Berlin" } }));
    renderWithProviders(<GeneralConfigForm config={saved} />);
    const zone = screen.getByLabelText(/^App time zone/, { selector: "input" });
    expect(zone).toHaveValue("UTC");
    expect(
      screen.getByText(/every date and time in this zone, and analytics counts its days/),
    ).toBeInTheDocument();
    await userEvent.clear(zone);
    await userEvent.type(zone, "Europe/Berl");
    await userEvent.click(await screen.findByRole("option", { name: "Europe/Berlin" }));
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: "PUT", body: { timeZone: "Europe/Berlin", ratio: 1000 } });
  });

  it("saves the e-mail language for app users whose app sent no locale we speak", async () => {
    const calls = stubFetch(() => ({ body: { ...saved, language: "ja" } }));
    renderWithProviders(<GeneralConfigForm config={saved} />);
    const language = screen.getByLabelText(/^E-mail language for app users/, { selector: "input" });
    expect(language).toHaveValue("English");
    expect(screen.getByText(/users whose app sent no locale we speak/)).toBeInTheDocument();
    await userEvent.click(language);
    await userEvent.click(await screen.findByRole("option", { name: "日本語" }));
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: "PUT", body: { language: "ja", timeZone: "UTC", ratio: 1000 } });
  });

  it("shows the saved switch turned on", () => {
    renderWithProviders(<GeneralConfigForm config={{ ...saved, blockVpnSignups: true }} />);
    expect(screen.getByRole("switch", { name: /^Block VPN, proxy and Tor sign-ups/ })).toBeChecked();
  });
});
