import { notifications } from "@mantine/notifications";
import {
  defaultPayoutSettings,
  defaultReversalHold,
  type PayoutSettings,
  tremendousBaseUrls,
} from "@rewards/contract";
import { configure, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../lib/auth-store";
import { renderApp } from "../../../test/app";
import { payoutSettingsAnswers } from "../../../test/fixtures/payout-settings";
import { memberAs } from "../../../test/members";
import { errorBody, type FetchCall } from "../../../test/render";

configure({ asyncUtilTimeout: 5000 });

/** A saved Tremendous account, answered with its secrets masked. */
const withTremendous: PayoutSettings = {
  ...defaultPayoutSettings,
  tremendous: {
    apiKey: "••••9XYZ",
    baseUrl: tremendousBaseUrls.production,
    fundingSourceId: "FUND-1",
    webhookPrivateKey: "••••WKEY",
    delivery: "EMAIL",
  },
};

const putBody = (calls: () => FetchCall[]) =>
  calls().find((call) => call.method === "PUT")?.body as PayoutSettings | undefined;
const rule = (n: number) => within(screen.getByRole("region", { name: `Rule ${n}` }));

async function save() {
  await userEvent.click(screen.getByRole("button", { name: "Save" }));
}

describe("Payout rules", { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    notifications.clean();
    useAuthStore.getState().logout();
  });

  it("sets up Tremendous: a custom address, the secrets, and the webhook address to paste", async () => {
    const { calls } = renderApp("/dash/payouts", payoutSettingsAnswers(defaultPayoutSettings));
    const on = await screen.findByRole("switch", { name: /Pay provider items through Tremendous/ });
    expect(screen.queryByLabelText(/API key/)).not.toBeInTheDocument();
    await userEvent.click(on);

    await userEvent.type(screen.getByLabelText(/^API key/), "key-1");
    await userEvent.type(screen.getByLabelText(/^Webhook private key/), "whk-1");
    await userEvent.type(screen.getByLabelText(/^Funding source id/), "FUND-9");
    // Sandbox is the preset: its address shows, read-only.
    expect(screen.getByLabelText("Base URL")).toHaveValue(tremendousBaseUrls.sandbox);
    expect(screen.getByLabelText("Base URL")).toHaveAttribute("readonly");
    await userEvent.click(screen.getByLabelText("Environment", { selector: "input" }));
    await userEvent.click(await screen.findByRole("option", { name: "Custom" }));
    const baseUrl = screen.getByLabelText(/^Base URL/);
    expect(baseUrl).not.toHaveAttribute("readonly");
    await userEvent.clear(baseUrl);
    await userEvent.paste("http://localhost:4010/api/v2");

    expect(await screen.findByTestId("tremendous-webhook-url")).toHaveTextContent(
      `${window.location.origin}/webhooks/tremendous/app-key-1`,
    );
    expect(screen.getByRole("button", { name: "Copy webhook address" })).toBeInTheDocument();

    await save();
    await screen.findByText("Payout settings saved");
    expect(putBody(calls)?.tremendous).toEqual({
      apiKey: "key-1",
      baseUrl: "http://localhost:4010/api/v2",
      fundingSourceId: "FUND-9",
      webhookPrivateKey: "whk-1",
      delivery: "EMAIL",
    });
  });

  it("sends the masked secrets back untouched, so the saved ones are kept", async () => {
    const { calls } = renderApp("/dash/payouts", payoutSettingsAnswers(withTremendous));
    const apiKey = await screen.findByLabelText(/^API key/);
    expect(apiKey).toHaveValue("••••9XYZ");
    expect(apiKey).toHaveAttribute("type", "password");
    expect(screen.getByLabelText("Environment", { selector: "input" })).toHaveValue("Production");
    const funding = screen.getByLabelText(/^Funding source id/);
    await userEvent.clear(funding);
    await userEvent.type(funding, "FUND-2");
    await save();
    await screen.findByText("Payout settings saved");
    expect(putBody(calls)).toEqual({
      ...withTremendous,
      tremendous: { ...withTremendous.tremendous, fundingSourceId: "FUND-2" },
    });
  });

  it("turning the provider off sends no account", async () => {
    const { calls } = renderApp("/dash/payouts", payoutSettingsAnswers(withTremendous));
    await userEvent.click(
      await screen.findByRole("switch", { name: /Pay provider items through Tremendous/ }),
    );
    await save();
    await screen.findByText("Payout settings saved");
    expect(putBody(calls)?.tremendous).toBeNull();
  });

  it("adds, moves and removes hold rules; empty conditions are any (null)", async () => {
    const { calls } = renderApp("/dash/payouts", payoutSettingsAnswers(defaultPayoutSettings));
    await screen.findByRole("region", { name: "Rule 1" });
    expect(screen.getByText(/first match wins/)).toBeInTheDocument();
    expect(rule(1).getByLabelText("Min payout ($)")).toHaveValue("3");
    expect(rule(1).getByLabelText("Max account age (days)")).toHaveValue("");

    await userEvent.click(screen.getByRole("button", { name: "Add rule" }));
    const days = rule(2).getByLabelText(/^Hold days/);
    await userEvent.clear(days);
    await userEvent.type(days, "7");
    await userEvent.type(rule(2).getByLabelText("Min reversals"), "2");
    expect(screen.getByRole("button", { name: "Move rule 1 up" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Move rule 2 down" })).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: "Move rule 2 up" }));
    expect(rule(1).getByLabelText("Min reversals")).toHaveValue("2");

    await save();
    await screen.findByText("Payout settings saved");
    const added = {
      network: null,
      minPayoutUsd: null,
      maxLifetimeUsd: null,
      maxAccountAgeDays: null,
      minReversals: 2,
      holdDays: 7,
    };
    expect(putBody(calls)?.holdRules).toEqual([added, ...defaultPayoutSettings.holdRules]);

    await userEvent.click(screen.getByRole("button", { name: "Remove rule 2" }));
    expect(screen.queryByRole("region", { name: "Rule 2" })).not.toBeInTheDocument();
    await save();
    await vi.waitFor(() => expect(calls().filter((call) => call.method === "PUT")).toHaveLength(2));
    expect(calls().filter((call) => call.method === "PUT")[1]?.body).toMatchObject({ holdRules: [added] });
  });

  it("sets the reversal-rate hold and automatic approval, or turns them off", async () => {
    const { calls } = renderApp("/dash/payouts", payoutSettingsAnswers(defaultPayoutSettings));
    const reversal = await screen.findByRole("switch", { name: /Reversal-rate hold/ });
    expect(reversal).toBeChecked();
    expect(screen.getByLabelText(/^Reversal rate/)).toHaveValue(String(defaultReversalHold.ratePercent));
    await userEvent.click(reversal);
    expect(screen.queryByLabelText(/^Reversal rate/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("switch", { name: /Pay redeems automatically/ }));
    await userEvent.type(screen.getByLabelText(/^Max points/), "2000");
    await userEvent.click(screen.getByRole("checkbox", { name: "Only users with no risk flags" }));
    await save();
    await screen.findByText("Payout settings saved");
    expect(putBody(calls)).toMatchObject({
      reversalHold: null,
      autoApproval: { maxPoints: 2000, minAccountAgeDays: 7, requireLowRisk: false, noReversalDays: 30 },
    });
  });

  it("checks a rule before sending: a hold needs its days", async () => {
    const { calls } = renderApp("/dash/payouts", payoutSettingsAnswers(defaultPayoutSettings));
    await screen.findByRole("region", { name: "Rule 1" });
    await userEvent.clear(rule(1).getByLabelText(/^Hold days/));
    await save();
    expect(await rule(1).findByText("Required field")).toBeInTheDocument();
    expect(calls().some((call) => call.method === "PUT")).toBe(false);
  });

  it("puts the server's field errors on the rule's and the provider's inputs", async () => {
    renderApp(
      "/dash/payouts",
      payoutSettingsAnswers(withTremendous, () => ({
        status: 400,
        body: errorBody(400, "holdRules.0.holdDays: Too long", {
          "holdRules.0.holdDays": "Too long",
          "tremendous.apiKey": "Enter the secret again",
        }),
      })),
    );
    await screen.findByRole("region", { name: "Rule 1" });
    await save();
    expect(await rule(1).findByText("Too long")).toBeInTheDocument();
    expect(screen.getByText("Enter the secret again")).toBeInTheDocument();
    expect(screen.queryByText("Payout settings saved")).not.toBeInTheDocument();
  });

  it("shows a viewer every part read-only", async () => {
    const { calls } = renderApp("/dash/payouts", payoutSettingsAnswers(withTremendous), memberAs("viewer"));
    const apiKey = await screen.findByLabelText(/^API key/);
    expect(apiKey).toBeDisabled();
    expect(rule(1).getByLabelText(/^Hold days/)).toBeDisabled();
    expect(screen.getByRole("button", { name: "Add rule" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Remove rule 1" })).toBeDisabled();
    expect(screen.getByRole("switch", { name: /Pay redeems automatically/ })).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Save" })).not.toBeInTheDocument();
    expect(calls().every((call) => call.method === "GET")).toBe(true);
  });
});
