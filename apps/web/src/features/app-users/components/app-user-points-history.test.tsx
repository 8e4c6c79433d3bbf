import type { PointsHistoryAnswer, PointsHistoryEntry } from "@rewards/contract";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from "vitest";
import { call } from "../../../lib/api-client";
import { errorBody, renderWithProviders, stubFetch } from "../../../test/render";
import { AppUserPointsHistory } from "./app-user-points-history";

vi.mock("../../../lib/api-client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../../lib/api-client")>()),
  call: vi.fn(),
}));

configure({ asyncUtilTimeout: 5000 });

/** `call` is generic over its endpoint: the mock answers any call. */
const callMock = call as unknown as Mock<(...args: unknown[]) => Promise<unknown>>;
const userId = "0190f4b2-7c1e-7a3d-9f10-2b6c8e4d8a01";
const idOf = (n: number) => `0190f4b2-7c1e-7a3d-9f10-2b6c8e4d8b${String(n).padStart(2, "0")}`;

function entry(n: number, overrides: Partial<PointsHistoryEntry> = {}): PointsHistoryEntry {
  return {
    _id: idOf(n),
    kind: "offer",
    points: 100,
    bucket: "available",
    balanceAfter: 100,
    pendingAfter: 0,
    createdAt: "2026-01-06T10:00:00.000Z",
    offer: null,
    redeem: null,
    referredUser: null,
    actor: null,
    note: null,
    ...overrides,
  };
}

const entries: PointsHistoryEntry[] = [
  entry(6, {
    kind: "admin_adjustment",
    points: -20,
    balanceAfter: 280,
    actor: { _id: idOf(90), fullName: "Olive Owner" },
    note: "Duplicate credit",
  }),
  entry(5, {
    kind: "redeem",
    points: -150,
    balanceAfter: 300,
    redeem: { _id: idOf(91), rewardName: "PayPal" },
  }),
  entry(4, {
    kind: "referral",
    points: 25,
    balanceAfter: 450,
    offer: { _id: idOf(92), network: "adgateow", offerName: "Survey", transactionId: "tx-9" },
    referredUser: { _id: idOf(93), username: "friend@example.com" },
  }),
  entry(3, {
    kind: "offer",
    points: 300,
    bucket: "pending",
    balanceAfter: 425,
    pendingAfter: 300,
    offer: { _id: idOf(94), network: "lootably", offerName: "Game", transactionId: "tx-1" },
  }),
];

const answer = (list: PointsHistoryEntry[], totalCount = list.length): PointsHistoryAnswer => ({
  totalCount,
  entities: list,
});

/** The query params of the history calls made so far. */
const sentParams = () =>
  callMock.mock.calls.map(
    ([, input]) => (input as { body: { queryParams: Record<string, unknown> } }).body.queryParams,
  );

const rowOf = (text: string) => {
  const row = within(screen.getByTestId("points-history")).getByText(text).closest("tr");
  if (!row) throw new Error(`no row for ${text}`);
  return within(row);
};

describe("User details: points history", { timeout: 30_000 }, () => {
  beforeEach(() => {
    callMock.mockReset();
  });
  afterEach(() => {
    vi.clearAllMocks();
    vi.unstubAllGlobals();
  });

  it("lists the entries with their kind, signed points, balance after and what they name", async () => {
    callMock.mockResolvedValue(answer(entries));
    renderWithProviders(<AppUserPointsHistory userId={userId} />);
    const table = within(await screen.findByTestId("points-history"));
    expect(table.getAllByRole("row")).toHaveLength(5);
    expect(callMock.mock.calls[0]?.[1]).toMatchObject({
      params: { id: userId },
      body: { queryParams: { filter: {}, pageNumber: 1, pageSize: 10 } },
    });

    const adjustment = rowOf("Duplicate credit");
    expect(adjustment.getByText("Adjustment")).toBeInTheDocument();
    expect(adjustment.getByText("-20").getAttribute("style")).toContain("pink");
    expect(adjustment.getByText("280")).toBeInTheDocument();
    expect(adjustment.getByText("by Olive Owner")).toBeInTheDocument();

    const redeem = rowOf("PayPal");
    expect(redeem.getByText("Redeem")).toBeInTheDocument();
    expect(redeem.getByRole("link", { name: "PayPal" })).toHaveAttribute(
      "href",
      `/dash/redeems/${idOf(91)}/details`,
    );

    const referral = rowOf("Referral share");
    expect(referral.getByText("+25").getAttribute("style")).toContain("green");
    expect(referral.getByRole("link", { name: "ADGATEOW · Survey · tx-9" })).toHaveAttribute(
      "href",
      `/dash/offers/${idOf(92)}/details`,
    );
    expect(referral.getByRole("link", { name: "friend@example.com" })).toHaveAttribute(
      "href",
      `/dash/customers/${idOf(93)}/details`,
    );

    const held = rowOf("Offer credit");
    expect(held.getByText("pending")).toBeInTheDocument();
    expect(held.getByText("300 pending")).toBeInTheDocument();
    expect(held.getByText("+300")).toBeInTheDocument();
    expect(screen.getByText("4 entries")).toBeInTheDocument();
  });

  it("filters by kind from the first page", async () => {
    callMock.mockResolvedValue(answer(entries, 25));
    renderWithProviders(<AppUserPointsHistory userId={userId} />);
    await screen.findByTestId("points-history");
    await userEvent.click(screen.getByRole("button", { name: "2" }));
    await waitFor(() => expect(sentParams().at(-1)).toMatchObject({ pageNumber: 2 }));

    callMock.mockResolvedValue(answer([entries[1] as PointsHistoryEntry]));
    await userEvent.click(screen.getByLabelText("Kind", { selector: "input" }));
    await userEvent.click(await screen.findByRole("option", { name: "Redeem refund" }));
    await waitFor(() =>
      expect(sentParams().at(-1)).toEqual({ filter: { kind: "redeem_refund" }, pageNumber: 1, pageSize: 10 }),
    );
    expect(await screen.findByText("1 entries")).toBeInTheDocument();
  });

  it("pages through the history", async () => {
    callMock.mockResolvedValue(answer(entries, 31));
    renderWithProviders(<AppUserPointsHistory userId={userId} />);
    await screen.findByTestId("points-history");
    expect(screen.getByRole("button", { name: "4" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "5" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "3" }));
    await waitFor(() => expect(sentParams().at(-1)).toMatchObject({ pageNumber: 3, filter: {} }));
  });

  it("says when nothing moved, and when the history cannot be loaded", async () => {
    callMock.mockResolvedValue(answer([]));
    const first = renderWithProviders(<AppUserPointsHistory userId={userId} />);
    expect(await screen.findByText("No points moved yet")).toBeInTheDocument();
    expect(screen.queryByRole("navigation")).not.toBeInTheDocument();
    first.unmount();

    // The real call over a refusing server.
    const real = await vi.importActual<typeof import("../../../lib/api-client")>("../../../lib/api-client");
    callMock.mockImplementation(real.call as unknown as (...args: unknown[]) => Promise<unknown>);
    stubFetch(() => ({ status: 403, body: errorBody(403, "Not allowed") }));
    renderWithProviders(<AppUserPointsHistory userId={userId} />);
    expect(await screen.findByText(/Can't load the points history/)).toBeInTheDocument();
    expect(screen.getByText("Not allowed")).toBeInTheDocument();
  });
});
