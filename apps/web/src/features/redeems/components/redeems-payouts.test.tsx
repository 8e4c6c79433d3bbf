import { notifications } from "@mantine/notifications";
import type { Payout, PayoutJob } from "@rewards/contract";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../lib/auth-store";
import { renderApp } from "../../../test/app";
import { redeem, redeemDetails, redeemId } from "../../../test/fixtures/redeems";
import { memberAs } from "../../../test/members";
import { errorBody, type FetchCall } from "../../../test/render";

// Screens load lazily, and the first of a file can take a while on a busy machine; a job is polled every second.
configure({ asyncUtilTimeout: 6000 });

const isList = (call: FetchCall) => call.url === "/api/redeem?group=false";
const payManyUrl = "/api/redeem/pay/ids";
const jobId = "0190f4b2-7c1e-7a3d-9f10-2b6c8e4d7a01";
const jobUrl = `/api/payouts/jobs/${jobId}`;

const rowOf = (email: string) => {
  const row = screen.getByText(email).closest("tr");
  if (!row) throw new Error(`no row for ${email}`);
  return within(row);
};

const selectBox = (n: number) =>
  screen.getByRole("checkbox", { name: `Select receiver${n}@example.com (${redeemId(n).slice(-8)})` });

function job(overrides: Partial<PayoutJob>): PayoutJob {
  return {
    _id: jobId,
    total: 3,
    done: 0,
    failed: 0,
    results: [],
    createdAt: "2026-01-06T10:00:00.000Z",
    finishedAt: null,
    ...overrides,
  };
}

const running = job({
  done: 1,
  results: [
    { redeemId: redeemId(1), status: "paid", message: null },
    { redeemId: redeemId(2), status: "queued", message: null },
    { redeemId: redeemId(3), status: "processing", message: null },
  ],
});
const finished = job({
  done: 2,
  failed: 1,
  finishedAt: "2026-01-06T10:00:03.000Z",
  results: [
    { redeemId: redeemId(1), status: "paid", message: null },
    { redeemId: redeemId(2), status: "paid", message: null },
    { redeemId: redeemId(3), status: "failed", message: "Out of stock" },
  ],
});

const payout = (overrides: Partial<Payout> = {}): Payout => ({
  redeemId: redeemId(1),
  method: "provider",
  status: "processing",
  message: "Tremendous answered 503: retrying",
  attempts: 2,
  nextAttemptAt: "2026-01-06T10:05:00.000Z",
  providerOrderId: "ORDER-42",
  updatedAt: "2026-01-06T10:00:00.000Z",
  ...overrides,
});

describe("Pay selected", { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    notifications.clean();
    useAuthStore.getState().logout();
  });

  it("confirms, starts a job, follows it every second until finished (failed first), and reloads on closing", async () => {
    const listAnswer = { body: { totalCount: 3, entities: [redeem(1), redeem(2), redeem(3)] } };
    let jobAsks = 0;
    const { calls } = renderApp("/dash/redeems", (call) => {
      if (call.url === payManyUrl) return { status: 202, body: { jobId } };
      if (call.url === jobUrl) {
        jobAsks += 1;
        return { body: jobAsks === 1 ? running : finished };
      }
      return listAnswer;
    });
    await screen.findByText("receiver1@example.com");
    expect(screen.queryByRole("button", { name: "Pay selected" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("checkbox", { name: "Select all records" }));
    await userEvent.click(screen.getByRole("button", { name: "Pay selected" }));

    const confirm = within(await screen.findByRole("dialog", { name: "Pay selected redeems" }));
    expect(
      confirm.getByText(
        "Pay 3 redeems through their reward's fulfilment: codes from stock or Tremendous orders; redeems paid by hand are skipped.",
      ),
    ).toBeInTheDocument();
    await userEvent.click(confirm.getByRole("button", { name: "Pay 3 redeems" }));

    expect(calls().find((call) => call.url === payManyUrl)).toMatchObject({
      method: "POST",
      body: { ids: [redeemId(1), redeemId(2), redeemId(3)] },
    });
    const progress = within(await screen.findByRole("dialog", { name: "Paying redeems" }));
    expect(await progress.findByText("1 of 3 finished")).toBeInTheDocument();
    expect(progress.getByRole("progressbar", { name: "Payout progress" })).toHaveAttribute(
      "aria-valuenow",
      "33",
    );
    expect(progress.getByTestId("bulk-pay-in-progress")).toHaveTextContent("2");

    // Asked again a second later: finished, the failed one first with its reason.
    expect(await progress.findByText("Finished: 2 paid, 1 failed")).toBeInTheDocument();
    expect(progress.getByRole("progressbar", { name: "Payout progress" })).toHaveAttribute(
      "aria-valuenow",
      "100",
    );
    expect(progress.getByTestId("bulk-pay-paid")).toHaveTextContent("2");
    expect(progress.getByTestId("bulk-pay-failed")).toHaveTextContent("1");
    expect(progress.getByTestId("bulk-pay-in-progress")).toHaveTextContent("0");
    const rows = progress.getAllByRole("row").slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      `${redeemId(3).slice(-8)}FailedOut of stock`,
      `${redeemId(1).slice(-8)}Paid`,
      `${redeemId(2).slice(-8)}Paid`,
    ]);
    // Finished: polling stops.
    const asked = jobAsks;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(jobAsks).toBe(asked);

    const listsBefore = calls().filter(isList).length;
    await userEvent.click(progress.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(calls().filter(isList).length).toBeGreaterThan(listsBefore));
    expect(screen.queryByText(/Selected records count/)).not.toBeInTheDocument();
  });

  it("shows a refused start (409) in the dialog, which stays open, and a cancel starts nothing", async () => {
    const listAnswer = { body: { totalCount: 2, entities: [redeem(1), redeem(2)] } };
    const { calls } = renderApp("/dash/redeems", (call) =>
      call.url === payManyUrl
        ? { status: 409, body: errorBody(409, "Payouts are paused: no redeem can be paid") }
        : listAnswer,
    );
    await screen.findByText("receiver1@example.com");
    await userEvent.click(selectBox(1));
    await userEvent.click(screen.getByRole("button", { name: "Pay selected" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Pay selected redeems" }));
    await userEvent.click(dialog.getByRole("button", { name: "Pay 1 redeems" }));
    expect(await dialog.findByText("Payouts are paused: no redeem can be paid")).toBeInTheDocument();
    expect(dialog.getByText("Can't pay the selected redeems")).toBeInTheDocument();
    expect(calls().some((call) => call.url.startsWith("/api/payouts/jobs/"))).toBe(false);

    await userEvent.click(dialog.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    // Nothing started: the selection stays.
    expect(screen.getByText("Selected records count: 1")).toBeInTheDocument();
  });

  it("is not offered to a role that may not pay", async () => {
    renderApp(
      "/dash/redeems",
      () => ({ body: { totalCount: 1, entities: [redeem(1)] } }),
      memberAs("viewer"),
    );
    await screen.findByText("receiver1@example.com");
    await userEvent.click(selectBox(1));
    expect(screen.getByText("Selected records count: 1")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Pay selected" })).not.toBeInTheDocument();
  });
});

describe("Processing redeems", { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    notifications.clean();
    useAuthStore.getState().logout();
  });

  it("badges Processing, filters it as 3, and disables pay and cancel with the reason", async () => {
    const listAnswer = { body: { totalCount: 2, entities: [redeem(1, { status: 3 }), redeem(2)] } };
    const { calls } = renderApp("/dash/redeems", () => listAnswer);
    await screen.findByText("receiver1@example.com");
    const processing = rowOf("receiver1@example.com");
    expect(processing.getByText("Processing")).toBeInTheDocument();
    const pay = processing.getByRole("button", { name: "Pay Reward" });
    expect(pay).toHaveAttribute("aria-disabled", "true");
    expect(processing.queryByRole("link", { name: "Pay Reward" })).not.toBeInTheDocument();
    expect(processing.getByRole("button", { name: "Cancel" })).toHaveAttribute("aria-disabled", "true");
    await userEvent.hover(pay);
    expect(await screen.findByText("A payout is under way")).toBeInTheDocument();
    // A pending one keeps its links.
    expect(rowOf("receiver2@example.com").getByRole("link", { name: "Pay Reward" })).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText("Status"), "3");
    await waitFor(() =>
      expect(calls().filter(isList).at(-1)?.body).toMatchObject({
        queryParams: { filter: { status: 3 }, pageNumber: 1 },
      }),
    );
  });

  it("never offers Processing in the status change", async () => {
    renderApp("/dash/redeems", () => ({ body: { totalCount: 1, entities: [redeem(1, { status: 3 })] } }));
    await screen.findByText("receiver1@example.com");
    await userEvent.click(selectBox(1));
    await userEvent.click(screen.getByRole("link", { name: "Update Status" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Update Status" }));
    expect(
      within(dialog.getByLabelText("Status"))
        .getAllByRole("option")
        .map((option) => option.getAttribute("value")),
    ).toEqual(["0", "1", "2"]);
  });

  it("shows the payout on the details: method, status, why it waits, attempts, next attempt, order", async () => {
    renderApp(`/dash/redeems/${redeemId(1)}/details`, (call) =>
      call.url === `/api/redeem/${redeemId(1)}`
        ? { body: redeemDetails(1, { status: 3, fulfilment: "provider", payout: payout() }) }
        : { body: { totalCount: 1, entities: [redeem(1, { status: 3 })] } },
    );
    const dialog = within(await screen.findByRole("dialog", { name: "Redeem Details" }));
    const section = within(await dialog.findByTestId("redeem-payout"));
    expect(dialog.getByRole("heading", { name: "Payout" })).toBeInTheDocument();
    expect(section.getByText("Tremendous")).toBeInTheDocument();
    expect(section.getByText("Processing")).toBeInTheDocument();
    expect(section.getByText("Tremendous answered 503: retrying")).toBeInTheDocument();
    expect(section.getByText("2")).toBeInTheDocument();
    expect(section.getByText("6 Jan 2026", { exact: false })).toBeInTheDocument();
    expect(section.getByText("ORDER-42")).toBeInTheDocument();
  });

  it("has no payout section for a redeem paid by hand or not yet paid", async () => {
    renderApp(`/dash/redeems/${redeemId(1)}/details`, (call) =>
      call.url === `/api/redeem/${redeemId(1)}`
        ? { body: redeemDetails(1) }
        : { body: { totalCount: 1, entities: [redeem(1)] } },
    );
    const dialog = within(await screen.findByRole("dialog", { name: "Redeem Details" }));
    await dialog.findByText("receiver1@example.com");
    expect(dialog.queryByTestId("redeem-payout")).not.toBeInTheDocument();
    expect(dialog.queryByRole("heading", { name: "Payout" })).not.toBeInTheDocument();
  });
});

describe("Paying a provider item", { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    notifications.clean();
    useAuthStore.getState().logout();
  });

  it("has no code field, orders from Tremendous, then opens the details showing Processing and the payout", async () => {
    const ordered = redeemDetails(1, {
      status: 3,
      fulfilment: "provider",
      payout: payout({ message: null, attempts: 1, nextAttemptAt: null }),
    });
    let paid = false;
    const { calls, router } = renderApp(`/dash/redeems/${redeemId(1)}/edit`, (call) => {
      if (call.method === "PUT") {
        paid = true;
        return { body: ordered };
      }
      if (call.url === `/api/redeem/${redeemId(1)}`)
        return { body: paid ? ordered : redeemDetails(1, { fulfilment: "provider" }) };
      return { body: { totalCount: 1, entities: [redeem(1, { status: paid ? 3 : 0 })] } };
    });
    await screen.findByRole("heading", { name: "Send Redeem to receiver1@example.com" });
    await screen.findByRole("button", { name: "Bold" });
    expect(screen.getByTestId("code-from-provider")).toBeInTheDocument();
    expect(screen.queryByLabelText(/Gift Card Code/i)).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Send Reward" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Order from Tremendous" }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/dash/redeems/${redeemId(1)}/details`));
    const put = calls().find((call) => call.method === "PUT");
    expect(put?.url).toBe(`/api/redeem/sendReward/${redeemId(1)}`);
    expect(put?.body).not.toHaveProperty("code");
    expect(await screen.findByText("Ordered from Tremendous for receiver1@example.com")).toBeInTheDocument();
    const dialog = within(await screen.findByRole("dialog", { name: "Redeem Details" }));
    const section = within(await dialog.findByTestId("redeem-payout"));
    expect(section.getByText("ORDER-42")).toBeInTheDocument();
    expect(dialog.getAllByText("Processing").length).toBeGreaterThanOrEqual(2);
  });

  it("cannot pay a redeem whose payout is under way", async () => {
    renderApp(`/dash/redeems/${redeemId(1)}/edit`, (call) =>
      call.url === `/api/redeem/${redeemId(1)}`
        ? { body: redeemDetails(1, { status: 3, fulfilment: "provider", payout: payout() }) }
        : { body: { totalCount: 1, entities: [redeem(1, { status: 3 })] } },
    );
    await screen.findByRole("heading", { name: "Send Redeem to receiver1@example.com" });
    expect(screen.getByTestId("payout-under-way")).toHaveTextContent("A payout is under way");
    expect(screen.getByRole("button", { name: "Order from Tremendous" })).toBeDisabled();
  });
});
