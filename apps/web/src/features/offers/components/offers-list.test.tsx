import type { AppUser, OfferListEntity } from "@rewards/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../lib/auth-store";
import { renderApp } from "../../../test/app";
import { errorBody, type FetchCall } from "../../../test/render";

const userId = "0190f4b2-7c1e-7a3d-9f10-2b6c8e4d5a01";
const offerId = (n: number) => `0190f4b2-7c1e-7a3d-9f10-2b6c8e4d5b0${n}`;

function offer(n: number, overrides: Partial<OfferListEntity> = {}): OfferListEntity {
  return {
    _id: offerId(n),
    offerName: `Offer ${n}`,
    network: "ogads",
    transactionId: `tx-${n}`,
    userId,
    userEmail: "user1@example.com",
    payout: 1.5 * n,
    points: 1500 * n,
    ip: `10.0.0.${n}`,
    geo: "DE",
    status: "credited",
    date: "2026-01-03T10:00:00.000Z",
    ...overrides,
  };
}

const user: AppUser = {
  _id: userId,
  username: "user1@example.com",
  referCode: "KEY1",
  device: "android",
  geo: "DE",
  ipSignup: "10.0.0.1",
  points: 4500,
  pendingPoints: 0,
  createdAt: "2026-01-02T10:00:00.000Z",
  isActive: false,
  isVerfied: true,
  provision: 25,
  status: 2,
  googleId: null,
  facebookId: null,
  visitorId: null,
  riskReasons: [],
  language: null,
};

const offers = [offer(1), offer(2, { status: "reversed", network: "bitlabs" })];
const isList = (call: FetchCall) => call.url === "/api/offer?group=false";
const answer = (call: FetchCall) =>
  call.url === `/api/offer/${offerId(1)}`
    ? { body: { offer: offers[0], user } }
    : { body: { totalCount: 2, entities: offers } };

const rowOf = (name: string) => {
  const row = screen.getByText(name).closest("tr");
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
};

describe("Completed Offers list", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.getState().logout();
  });

  it("lists offers newest first, with payout in dollars and a link to the user", async () => {
    const { calls } = renderApp("/dash/offers", answer);
    expect(await screen.findByRole("heading", { name: "Completed Offers" })).toBeInTheDocument();
    await screen.findByText("Offer 1");
    expect(calls()[0]).toMatchObject({
      method: "POST",
      url: "/api/offer?group=false",
      body: {
        queryParams: { filter: {}, sortField: "date", sortOrder: "desc", pageNumber: 1, pageSize: 10 },
      },
    });
    const first = rowOf("Offer 1");
    expect(first.getByText("OGADS")).toBeInTheDocument();
    expect(first.getByText("$1.50")).toBeInTheDocument();
    expect(first.getByText("Credited")).toBeInTheDocument();
    expect(first.getByRole("link", { name: "user1@example.com" })).toHaveAttribute(
      "href",
      `/dash/customers/${userId}/details`,
    );
    expect(rowOf("Offer 2").getByText("Reversed")).toBeInTheDocument();
  });

  it("filters by network and by the chosen search field", async () => {
    const { calls } = renderApp("/dash/offers", answer);
    await screen.findByText("Offer 1");
    await userEvent.selectOptions(screen.getByLabelText("Network"), "bitlabs");
    await userEvent.selectOptions(screen.getByLabelText("Search in"), "ip");
    await userEvent.type(screen.getByLabelText("Search"), "10.0.");
    await waitFor(() =>
      expect(calls().filter(isList).at(-1)?.body).toMatchObject({
        queryParams: { filter: { network: "bitlabs", ip: "10.0." }, pageNumber: 1 },
      }),
    );
  });

  it("sorts by payout when its header is clicked", async () => {
    const { calls } = renderApp("/dash/offers", answer);
    await screen.findByText("Offer 1");
    await userEvent.click(screen.getByRole("button", { name: /PAYOUT/ }));
    await waitFor(() =>
      expect(calls().filter(isList).at(-1)?.body).toMatchObject({
        queryParams: { sortField: "payout", sortOrder: "asc" },
      }),
    );
  });

  it("reports a failed load", async () => {
    renderApp("/dash/offers", () => ({ status: 400, body: errorBody(400, "Unknown network") }));
    expect(await screen.findByText("Can't find offers")).toBeInTheDocument();
    expect(screen.getByText("Unknown network")).toBeInTheDocument();
  });

  it("shows an offer's details and its user", async () => {
    renderApp("/dash/offers", answer);
    await screen.findByText("Offer 1");
    await userEvent.click(rowOf("Offer 1").getByRole("link", { name: "Details" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Offer Details" }));
    expect(await dialog.findByText("tx-1")).toBeInTheDocument();
    expect(dialog.getByText("KEY1")).toBeInTheDocument();
    expect(dialog.getByText("Banned")).toBeInTheDocument();
    expect(dialog.getByRole("link", { name: "Open user details" })).toHaveAttribute(
      "href",
      `/dash/customers/${userId}/details`,
    );
  });

  it("reports details that cannot be loaded", async () => {
    renderApp(`/dash/offers/${offerId(3)}/details`, (call) =>
      isList(call) ? answer(call) : { status: 404, body: errorBody(404, "Not found") },
    );
    expect((await screen.findAllByText("Can't load offer details")).length).toBeGreaterThan(0);
  });

  it("lists the selected offers", async () => {
    renderApp("/dash/offers", answer);
    await screen.findByText("Offer 1");
    await userEvent.click(screen.getByRole("checkbox", { name: "Select Offer 2 (tx-2)" }));
    expect(screen.getByText("Selected records count: 1")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Update Status" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("link", { name: "Fetch Selected" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Selected Offers" }));
    expect(dialog.getByText("Offer 2")).toBeInTheDocument();
    expect(dialog.queryByText("Offer 1")).not.toBeInTheDocument();
  });
});
