import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../test/render";
import { RiskBadge, RiskReasonList, riskColor } from "./risk-badge";

describe("RiskBadge", () => {
  it("shows nothing for a clean user or request", () => {
    renderWithProviders(<RiskBadge reasons={[]} />);
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    expect(screen.queryByText("Risky")).not.toBeInTheDocument();
  });

  it('shows "Risky", whose name and tooltip list every reason in words', async () => {
    renderWithProviders(<RiskBadge reasons={["linked_visitor", "country_mismatch"]} />);
    const badge = screen.getByRole("button", {
      name: "Risky: Shares a browser fingerprint (visitorId) with another account; Redeem IP country differs from the sign-up country",
    });
    expect(badge).toHaveTextContent("Risky");
    await userEvent.hover(badge);
    expect(await screen.findByText("Why this looks risky")).toBeInTheDocument();
    expect(
      screen.getByText("Shares a browser fingerprint (visitorId) with another account"),
    ).toBeInTheDocument();
    expect(screen.getByText("Redeem IP country differs from the sign-up country")).toBeInTheDocument();
  });

  it("opens its reasons from the keyboard too", async () => {
    renderWithProviders(<RiskBadge reasons={["unscreened"]} />);
    await userEvent.tab();
    expect(screen.getByRole("button", { name: /^Risky/ })).toHaveFocus();
    expect(await screen.findByText("IP not screened (service unavailable)")).toBeInTheDocument();
  });

  it("is red for hiding or abuse, orange for what only calls for a look", () => {
    for (const severe of ["vpn", "proxy", "tor", "threat", "country_mismatch"] as const) {
      expect(riskColor([severe])).toBe("red");
      expect(riskColor(["linked_ip", severe])).toBe("red");
    }
    for (const mild of ["datacenter", "unscreened", "linked_visitor", "linked_device", "linked_ip"] as const)
      expect(riskColor([mild])).toBe("orange");
    expect(riskColor(["linked_ip", "linked_device", "datacenter"])).toBe("orange");
  });
});

describe("RiskReasonList", () => {
  it("spells out each reason, or says there is none", () => {
    const risky = renderWithProviders(<RiskReasonList reasons={["vpn", "linked_ip"]} />);
    expect(screen.getByText("VPN address")).toBeInTheDocument();
    expect(screen.getByText("Shares a sign-up IP with another account")).toBeInTheDocument();
    risky.unmount();
    renderWithProviders(<RiskReasonList reasons={[]} />);
    expect(screen.getByText("No risk signals")).toBeInTheDocument();
  });
});
