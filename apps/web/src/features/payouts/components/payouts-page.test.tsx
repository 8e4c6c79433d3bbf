import { notifications } from "@mantine/notifications";
import { defaultPayoutSettings, type PayoutSettings } from "@rewards/contract";
import { configure, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../lib/auth-store";
import { renderApp } from "../../../test/app";
import { payoutSettingsAnswers, payoutSettingsUrl } from "../../../test/fixtures/payout-settings";
import { memberAs } from "../../../test/members";
import { errorBody, type FetchCall } from "../../../test/render";

configure({ asyncUtilTimeout: 5000 });

const off: PayoutSettings = defaultPayoutSettings;
const pausedAt300: PayoutSettings = { ...off, paused: true, approvalAbove: 300 };
const putBody = (calls: () => FetchCall[]) => calls().find((call) => call.method === "PUT")?.body;

describe("Payouts page", { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    notifications.clean();
    useAuthStore.getState().logout();
  });

  it("saves the pause and the approval amount, then shows the pause in red", async () => {
    const { calls } = renderApp("/dash/payouts", payoutSettingsAnswers(off));
    const pause = await screen.findByRole("switch", { name: /Pause all payouts/ });
    expect(pause).not.toBeChecked();
    expect(screen.getByLabelText("Approval above (points)")).toHaveValue("");
    expect(screen.queryByText("Payouts are paused")).not.toBeInTheDocument();
    // The menu's Setting section leads here.
    expect(screen.getAllByRole("link", { name: "Payouts" })[0]).toHaveAttribute("href", "/dash/payouts");

    await userEvent.click(pause);
    await userEvent.type(screen.getByLabelText("Approval above (points)"), "500");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Payout settings saved")).toBeInTheDocument();
    expect(calls().find((call) => call.method === "PUT")).toMatchObject({
      url: payoutSettingsUrl,
      body: { ...off, paused: true, approvalAbove: 500 },
    });
    expect(await screen.findByText("Payouts are paused")).toBeInTheDocument();
  });

  it("sends an emptied amount as null: no approval needed", async () => {
    const { calls } = renderApp("/dash/payouts", payoutSettingsAnswers(pausedAt300));
    const amount = await screen.findByLabelText("Approval above (points)");
    expect(amount).toHaveValue("300");
    expect(screen.getByText("Payouts are paused")).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.click(screen.getByRole("switch", { name: /Pause all payouts/ }));
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText("Payout settings saved");
    expect(putBody(calls)).toEqual({ ...off, paused: false, approvalAbove: null });
    await waitFor(() => expect(screen.queryByText("Payouts are paused")).not.toBeInTheDocument());
  });

  it("puts a 400's field errors on their fields", async () => {
    renderApp(
      "/dash/payouts",
      payoutSettingsAnswers(off, () => ({
        status: 400,
        body: errorBody(400, "Validation failed", { approvalAbove: "Must be a whole number" }),
      })),
    );
    await userEvent.type(await screen.findByLabelText("Approval above (points)"), "50");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Must be a whole number")).toBeInTheDocument();
    expect(screen.queryByText("Payout settings saved")).not.toBeInTheDocument();
  });

  it("shows support the values read-only, without Save", async () => {
    const { calls } = renderApp("/dash/payouts", payoutSettingsAnswers(pausedAt300), memberAs("support"));
    const pause = await screen.findByRole("switch", { name: /Pause all payouts/ });
    expect(pause).toBeChecked();
    expect(pause).toBeDisabled();
    expect(screen.getByLabelText("Approval above (points)")).toHaveAttribute("readonly");
    expect(screen.getByText("Payouts are paused")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Save" })).not.toBeInTheDocument();
    expect(screen.getByText("Only the owner and admins can change these settings.")).toBeInTheDocument();
    expect(calls().every((call) => call.method === "GET")).toBe(true);
  });
});
