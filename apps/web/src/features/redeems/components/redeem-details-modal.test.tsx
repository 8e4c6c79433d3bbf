import { notifications } from "@mantine/notifications";
import type { MemberRole, RedeemDetails } from "@rewards/contract";
import { configure, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../lib/auth-store";
import { renderApp } from "../../../test/app";
import { redeem, redeemDetails, redeemId, userId } from "../../../test/fixtures/redeems";
import { memberAs } from "../../../test/members";
import { errorBody } from "../../../test/render";

// Screens load lazily, and the first of a file can take a while on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const listAnswer = { body: { totalCount: 1, entities: [redeem(1)] } };

function openDetails(details: RedeemDetails) {
  return renderApp(`/dash/redeems/${redeemId(1)}/details`, (call) =>
    call.url === `/api/redeem/${redeemId(1)}` ? { body: details } : listAnswer,
  );
}

describe("Redeem details", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    notifications.clean();
    useAuthStore.getState().logout();
  });

  it("shows the paid redeem, its code, its message, the delivery and its user", async () => {
    openDetails(
      redeemDetails(1, {
        status: 1,
        code: "GIFT-1",
        subject: "Your Amazon is here",
        paidAt: "2026-01-06T10:00:00.000Z",
        text: "<p>Hello <strong>there</strong></p>",
        delivery: {
          status: "sent",
          attempts: 1,
          lastError: null,
          sentAt: "2026-01-06T10:00:05.000Z",
          nextAttemptAt: null,
        },
      }),
    );
    const dialog = within(await screen.findByRole("dialog", { name: "Redeem Details" }));
    expect(await dialog.findByText("GIFT-1")).toBeInTheDocument();
    expect(dialog.getByText("Your Amazon is here")).toBeInTheDocument();
    expect(dialog.getByText("there").tagName).toBe("STRONG");
    expect(dialog.getByText(/^Sent at /)).toBeInTheDocument();
    expect(dialog.getByText("Attempts: 1")).toBeInTheDocument();
    expect(dialog.getByText("4200")).toBeInTheDocument();
    expect(dialog.getByRole("link", { name: "user1@example.com" })).toHaveAttribute(
      "href",
      `/dash/customers/${userId}/details`,
    );
  });

  it("shows a failed delivery with its reason, and a pending redeem without a code", async () => {
    openDetails(
      redeemDetails(1, {
        delivery: {
          status: "failed",
          attempts: 5,
          lastError: "Mailgun answered 401",
          sentAt: null,
          nextAttemptAt: null,
        },
      }),
    );
    const dialog = within(await screen.findByRole("dialog", { name: "Redeem Details" }));
    expect(await dialog.findByText("Failed: Mailgun answered 401")).toBeInTheDocument();
    expect(dialog.getByText("Attempts: 5")).toBeInTheDocument();
    expect(dialog.getByText("Pending")).toBeInTheDocument();
    expect(dialog.queryByText("Gift Card Code")).not.toBeInTheDocument();
    expect(dialog.getByText("No message was sent for this redeem.")).toBeInTheDocument();
  });

  it("reports a failed load", async () => {
    renderApp(`/dash/redeems/${redeemId(1)}/details`, (call) =>
      call.url === "/api/redeem?group=false"
        ? listAnswer
        : { status: 404, body: errorBody(404, "Not found") },
    );
    const dialog = within(await screen.findByRole("dialog", { name: "Redeem Details" }));
    expect(await dialog.findByText("Can't load redeem details")).toBeInTheDocument();
  });
});

describe("Redeem details: fraud signals", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    notifications.clean();
    useAuthStore.getState().logout();
  });

  it("shows the request's reasons and IP screening, and its user's own badge", async () => {
    openDetails(
      redeemDetails(1, {
        riskReasons: ["linked_visitor", "vpn", "country_mismatch"],
        ip: "198.51.100.4",
        ipCountry: "NL",
        screening: {
          ip: "198.51.100.4",
          status: "screened",
          country: "NL",
          isVpn: true,
          isProxy: false,
          isTor: false,
          isDatacenter: false,
          isThreat: false,
          createdAt: "2026-01-05T10:00:00.000Z",
        },
        user: { ...redeemDetails(1).user, riskReasons: ["linked_visitor"] },
      }),
    );
    const dialog = within(await screen.findByRole("dialog", { name: "Redeem Details" }));
    const badges = await dialog.findAllByRole("button", { name: /^Risky: / });
    expect(badges.map((badge) => badge.getAttribute("aria-label"))).toEqual([
      "Risky: Shares a browser fingerprint (visitorId) with another account; VPN address; Redeem IP country differs from the sign-up country",
      "Risky: Shares a browser fingerprint (visitorId) with another account",
    ]);
    expect(dialog.getByText("Request IP screening")).toBeInTheDocument();
    expect(dialog.getByText("198.51.100.4")).toBeInTheDocument();
    expect(dialog.getByText("VPN")).toBeInTheDocument();
    expect(dialog.getByText("Redeem IP country differs from the sign-up country")).toBeInTheDocument();
  });

  it("shows the request's IP even without a screening, and no badge for a clean request", async () => {
    openDetails(redeemDetails(1, { ip: "192.0.2.5", ipCountry: "US" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Redeem Details" }));
    expect(await dialog.findByText("192.0.2.5")).toBeInTheDocument();
    expect(dialog.getByText("No screening recorded")).toBeInTheDocument();
    expect(dialog.getByText("No risk signals")).toBeInTheDocument();
    expect(dialog.queryByRole("button", { name: /Risky/ })).not.toBeInTheDocument();
  });

  it("shows the sent code masked, and reveals it with its PIN for an owner", async () => {
    const { calls } = renderApp(`/dash/redeems/${redeemId(1)}/details`, (call) => {
      if (call.url === `/api/redeem/${redeemId(1)}/code`) return { body: { code: "GIFT-7QX2", pin: "0042" } };
      if (call.url === `/api/redeem/${redeemId(1)}`)
        return { body: redeemDetails(1, { status: 1, code: "••••7QX2" }) };
      return listAnswer;
    });
    const dialog = within(await screen.findByRole("dialog", { name: "Redeem Details" }));
    expect(await dialog.findByText("••••7QX2")).toBeInTheDocument();
    await userEvent.click(dialog.getByRole("button", { name: "Reveal" }));
    expect(await screen.findByTestId("revealed-code")).toHaveTextContent("GIFT-7QX2");
    expect(screen.getByTestId("revealed-pin")).toHaveTextContent("0042");
    expect(calls().find((call) => call.url === `/api/redeem/${redeemId(1)}/code`)?.method).toBe("POST");
  });

  it.each([
    ["admin", true],
    ["support", false],
    ["viewer", false],
  ] as const)("as %s, offers Reveal: %s", async (role: MemberRole, allowed: boolean) => {
    renderApp(
      `/dash/redeems/${redeemId(1)}/details`,
      (call) =>
        call.url === `/api/redeem/${redeemId(1)}`
          ? { body: redeemDetails(1, { status: 1, code: "••••7QX2" }) }
          : listAnswer,
      memberAs(role),
    );
    const dialog = within(await screen.findByRole("dialog", { name: "Redeem Details" }));
    await dialog.findByText("••••7QX2");
    expect(dialog.queryByRole("button", { name: "Reveal" }) !== null).toBe(allowed);
  });
});
