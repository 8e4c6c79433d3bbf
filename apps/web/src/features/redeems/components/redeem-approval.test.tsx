import { notifications } from "@mantine/notifications";
import {
  defaultPayoutSettings,
  type MemberRole,
  type PayoutSettings,
  type RedeemDetails,
} from "@rewards/contract";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../lib/auth-store";
import { renderApp } from "../../../test/app";
import { redeem, redeemDetails, redeemId } from "../../../test/fixtures/redeems";
import { memberAs, owner } from "../../../test/members";
import { errorBody, type FetchCall } from "../../../test/render";

// Screens load lazily, and the first of a file can take a while on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const detailsUrl = `/api/redeem/${redeemId(1)}`;
const approveUrl = `${detailsUrl}/approve`;
const listAnswer = { body: { totalCount: 1, entities: [redeem(1)] } };
const notPaused: PayoutSettings = { ...defaultPayoutSettings, paused: false, approvalAbove: 500 };
const approval = (by: { _id: string; fullName: string }) => ({ by, at: "2026-01-06T10:00:00.000Z" });
const otherMember = { _id: "u9", fullName: "Bob Admin" };

type Answer = { status?: number; body?: unknown };

/** Answers the redeem's details, the payout rules, and `extra` for writes. */
function answerWith(
  details: () => RedeemDetails,
  settings: PayoutSettings = notPaused,
  extra: (call: FetchCall) => Answer | undefined = () => undefined,
) {
  return (call: FetchCall): Answer => {
    const written = extra(call);
    if (written) return written;
    if (call.url === detailsUrl) return { body: details() };
    if (call.url === "/api/payouts/settings") return { body: settings };
    return listAnswer;
  };
}

const needsApproval = (overrides: Partial<RedeemDetails> = {}) =>
  redeemDetails(1, { needsApproval: true, approval: null, ...overrides });

async function openDetails(answer: (call: FetchCall) => Answer, role: MemberRole = "owner") {
  const view = renderApp(`/dash/redeems/${redeemId(1)}/details`, answer, memberAs(role));
  const dialog = within(await screen.findByRole("dialog", { name: "Redeem Details" }));
  return { ...view, dialog };
}

async function openPayPage(answer: (call: FetchCall) => Answer) {
  const view = renderApp(`/dash/redeems/${redeemId(1)}/edit`, answer);
  await screen.findByRole("heading", { name: "Send Redeem to receiver1@example.com" });
  return view;
}

describe("Redeem approval", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    notifications.clean();
    useAuthStore.getState().logout();
  });

  it("approves a redeem that needs it, then shows who approved it", async () => {
    let details = needsApproval();
    const { dialog, calls } = await openDetails(
      answerWith(
        () => details,
        notPaused,
        (call) => {
          if (call.url !== approveUrl) return undefined;
          details = needsApproval({ approval: approval({ _id: owner._id, fullName: owner.fullName }) });
          return { body: details };
        },
      ),
    );
    expect(await dialog.findByText("Needs approval")).toBeInTheDocument();
    await userEvent.click(dialog.getByRole("button", { name: "Approve" }));
    expect(await dialog.findByText(/^Approved by Ann Owner at /)).toBeInTheDocument();
    expect(dialog.queryByRole("button", { name: "Approve" })).not.toBeInTheDocument();
    expect(calls().filter((call) => call.url === approveUrl)).toMatchObject([{ method: "POST" }]);
    expect(await screen.findByText("Redeem approved")).toBeInTheDocument();
  });

  // One rendered app per test: each case renders the whole signed-in shell.
  it("hides Approve from a viewer", async () => {
    const viewer = await openDetails(
      answerWith(() => needsApproval()),
      "viewer",
    );
    expect(await viewer.dialog.findByText("Needs approval")).toBeInTheDocument();
    expect(viewer.dialog.queryByRole("button", { name: "Approve" })).not.toBeInTheDocument();
  });

  it("shows Approve to a role that manages redeems", async () => {
    const support = await openDetails(
      answerWith(() => needsApproval()),
      "support",
    );
    expect(await support.dialog.findByRole("button", { name: "Approve" })).toBeInTheDocument();
  });

  it("hides Approve for a Sent redeem", async () => {
    const sent = await openDetails(answerWith(() => needsApproval({ status: 1, code: "••••IFT9" })));
    expect(await sent.dialog.findByText("Needs approval")).toBeInTheDocument();
    expect(sent.dialog.queryByRole("button", { name: "Approve" })).not.toBeInTheDocument();
  });

  it("shows who approved instead of Approve", async () => {
    const approved = await openDetails(answerWith(() => needsApproval({ approval: approval(otherMember) })));
    expect(await approved.dialog.findByText(/^Approved by Bob Admin at /)).toBeInTheDocument();
    expect(approved.dialog.queryByRole("button", { name: "Approve" })).not.toBeInTheDocument();
  });

  it("shows no approval for a redeem that needs none", async () => {
    const plain = await openDetails(answerWith(() => redeemDetails(1)));
    await plain.dialog.findByText("receiver1@example.com");
    expect(plain.dialog.queryByText("Needs approval")).not.toBeInTheDocument();
    expect(plain.dialog.queryByText("Approval")).not.toBeInTheDocument();
  });

  it("shows a refused approval's message", async () => {
    const { dialog } = await openDetails(
      answerWith(
        () => needsApproval(),
        notPaused,
        (call) =>
          call.url === approveUrl
            ? { status: 409, body: errorBody(409, "This redeem is already approved") }
            : undefined,
      ),
    );
    await userEvent.click(await dialog.findByRole("button", { name: "Approve" }));
    expect(await screen.findByText("This redeem is already approved")).toBeInTheDocument();
    expect(screen.getByText("Can't approve the redeem")).toBeInTheDocument();
  });

  it("blocks paying a redeem that has no approval yet, and links to its details", async () => {
    await openPayPage(answerWith(() => needsApproval()));
    const blocked = within(await screen.findByTestId("pay-blocked"));
    expect(blocked.getByText(/needs a member's approval/)).toBeInTheDocument();
    expect(blocked.getByRole("link", { name: "Open the redeem's details to approve it" })).toHaveAttribute(
      "href",
      `/dash/redeems/${redeemId(1)}/details`,
    );
    expect(screen.getByRole("button", { name: "Send Reward" })).toBeDisabled();
  });

  it("tells the member who approved it that another member must pay", async () => {
    await openPayPage(
      answerWith(() => needsApproval({ approval: approval({ _id: owner._id, fullName: owner.fullName }) })),
    );
    expect(
      await screen.findByText("You approved this redeem: another member must pay it"),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send Reward" })).toBeDisabled();
  });

  it("lets another member pay an approved redeem", async () => {
    await openPayPage(answerWith(() => needsApproval({ approval: approval(otherMember) })));
    await screen.findByLabelText(/Gift Card Code/);
    expect(screen.queryByTestId("pay-blocked")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send Reward" })).toBeEnabled();
  });

  it("shows the server's 409 as the form's error", async () => {
    const { router } = await openPayPage(
      answerWith(
        () => redeemDetails(1),
        notPaused,
        (call) =>
          call.method === "PUT"
            ? {
                status: 409,
                body: errorBody(
                  409,
                  "Payouts are paused for this app: lift the pause in Payout settings first",
                ),
              }
            : undefined,
      ),
    );
    await userEvent.type(await screen.findByLabelText(/Gift Card Code/), "GIFT-1");
    await userEvent.click(screen.getByRole("button", { name: "Send Reward" }));
    const error = within(await screen.findByTestId("pay-error"));
    expect(error.getByText(/^Payouts are paused for this app/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/dash/redeems/${redeemId(1)}/edit`);
  });
});

describe("Payouts paused warning", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    notifications.clean();
    useAuthStore.getState().logout();
  });

  const paused: PayoutSettings = { ...defaultPayoutSettings, paused: true, approvalAbove: null };

  it("shows on the Redeems list and the pay page, with the way to the Payouts page", async () => {
    const list = renderApp(
      "/dash/redeems",
      answerWith(() => redeemDetails(1), paused),
    );
    const warning = within(await screen.findByTestId("payouts-paused"));
    expect(warning.getByText("Payouts are paused")).toBeInTheDocument();
    expect(warning.getByRole("link", { name: "Payout settings" })).toHaveAttribute("href", "/dash/payouts");
    list.unmount();
    vi.unstubAllGlobals();

    await openPayPage(answerWith(() => redeemDetails(1), paused));
    expect(await screen.findByTestId("payouts-paused")).toBeInTheDocument();
  });

  it("does not show while payouts run", async () => {
    const { calls } = renderApp(
      "/dash/redeems",
      answerWith(() => redeemDetails(1)),
    );
    await screen.findByText("receiver1@example.com");
    await waitFor(() => expect(calls().some((call) => call.url === "/api/payouts/settings")).toBe(true));
    expect(screen.queryByTestId("payouts-paused")).not.toBeInTheDocument();
  });
});
