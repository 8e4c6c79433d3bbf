// What each role sees across screens: these tests render features, so they live with the app that composes them.
import type { GeneralConfig } from "@rewards/contract";
import { configure, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GeneralConfigForm } from "../features/settings/components/general-config-form";
import { useAuthStore } from "../lib/auth-store";
import { renderApp } from "../test/app";
import { country } from "../test/fixtures/catalog";
import { redeem } from "../test/fixtures/redeems";
import { memberAs, signInAs } from "../test/members";
import { renderWithProviders, stubFetch } from "../test/render";

configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.getState().logout();
});

const countriesList = "/api/reward/countries/pagination?group=false";
const countriesAnswer = { body: { totalCount: 1, entities: [country(1)] } };

describe("what a role sees", { timeout: 20_000 }, () => {
  it("shows a viewer no write action on the countries, nor the Activity and Team entries", async () => {
    renderApp("/dash/rewards/countries", () => countriesAnswer, memberAs("viewer"));
    await screen.findByText(country(1).fullName);
    expect(screen.queryByRole("link", { name: /New Country/i })).not.toBeInTheDocument();
    const row = within(screen.getByText(country(1).fullName).closest("tr") as HTMLElement);
    expect(row.queryByRole("link", { name: "Edit" })).not.toBeInTheDocument();
    expect(row.queryByRole("link", { name: "Delete" })).not.toBeInTheDocument();
    expect(row.getByRole("link", { name: "Details" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Activity" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Team" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Administrators" })).not.toBeInTheDocument();
  });

  it("shows an owner the countries' write actions and the Team entry", async () => {
    renderApp("/dash/rewards/countries", (call) => (call.url === countriesList ? countriesAnswer : {}));
    await screen.findByText(country(1).fullName);
    const row = within(screen.getByText(country(1).fullName).closest("tr") as HTMLElement);
    expect(row.getByRole("link", { name: "Edit" })).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: "Team" }).length).toBeGreaterThan(0);
  });

  it("lets support pay and cancel a redeem, but not a viewer", async () => {
    const listAnswer = { body: { totalCount: 1, entities: [redeem(1)] } };
    const support = renderApp("/dash/redeems", () => listAnswer, memberAs("support"));
    await screen.findByText("receiver1@example.com");
    expect(screen.getByRole("link", { name: "Pay Reward" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Cancel" })).toBeInTheDocument();
    support.unmount();
    vi.unstubAllGlobals();

    renderApp("/dash/redeems", () => listAnswer, memberAs("viewer"));
    await screen.findByText("receiver1@example.com");
    expect(screen.queryByRole("link", { name: "Pay Reward" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Cancel" })).not.toBeInTheDocument();
  });

  it("shows the reason instead of the pay form to a viewer who opens it", async () => {
    renderApp(`/dash/redeems/${redeem(1)._id}/edit`, () => ({}), memberAs("viewer"));
    expect(await screen.findByText("Your role does not allow this")).toBeInTheDocument();
  });
});

const general: GeneralConfig = {
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

describe("a settings form", () => {
  it("disables Save for support, with the reason, and sends nothing", async () => {
    signInAs("support");
    const calls = stubFetch(() => ({ body: general }));
    renderWithProviders(<GeneralConfigForm config={general} />);
    const save = screen.getByRole("button", { name: "Save" });
    expect(save).toHaveAttribute("data-disabled");
    await userEvent.click(save);
    expect(calls).toHaveLength(0);
    await userEvent.hover(save);
    expect(await screen.findByText("Your role does not allow this")).toBeInTheDocument();
  });

  it("lets an admin save", () => {
    signInAs("admin");
    stubFetch(() => ({ body: general }));
    renderWithProviders(<GeneralConfigForm config={general} />);
    expect(screen.getByRole("button", { name: "Save" })).not.toHaveAttribute("data-disabled");
  });
});
