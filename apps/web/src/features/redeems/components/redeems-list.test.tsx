import { notifications } from "@mantine/notifications";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../lib/auth-store";
import { renderApp } from "../../../test/app";
import { redeem, redeemDetails, redeemId } from "../../../test/fixtures/redeems";
import { errorBody, type FetchCall } from "../../../test/render";

// Screens load lazily, and the first of a file can take a while on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const redeems = [redeem(1), redeem(2, { status: 1, code: "GIFT-2" }), redeem(3, { status: 2 })];
const listAnswer = { body: { totalCount: 3, entities: redeems } };
const isList = (call: FetchCall) => call.url === "/api/redeem?group=false";

const rowOf = (email: string) => {
  const row = screen.getByText(email).closest("tr");
  if (!row) throw new Error(`no row for ${email}`);
  return within(row);
};

function answerWith(put: (call: FetchCall) => { status?: number; body?: unknown }) {
  return (call: FetchCall) => {
    if (call.method === "PUT") return put(call);
    if (call.url === `/api/redeem/${redeemId(1)}`) return { body: redeemDetails(1) };
    return listAnswer;
  };
}

describe("Redeems list", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    // Notifications live in a global store: one test's must not be found by the next.
    notifications.clean();
    useAuthStore.getState().logout();
  });

  it("lists redeems newest first with one status numbering: 0 Pending, 1 Sent, 2 Rejected", async () => {
    const { calls } = renderApp("/dash/redeems", () => listAnswer);
    expect(await screen.findByRole("heading", { name: "Redeems list" })).toBeInTheDocument();
    await screen.findByText("receiver1@example.com");
    expect(calls()[0]).toMatchObject({
      method: "POST",
      url: "/api/redeem?group=false",
      body: {
        queryParams: { filter: {}, sortField: "redeemDate", sortOrder: "desc", pageNumber: 1, pageSize: 10 },
      },
    });
    expect(rowOf("receiver1@example.com").getByText("Pending")).toBeInTheDocument();
    expect(rowOf("receiver2@example.com").getByText("Sent")).toBeInTheDocument();
    expect(rowOf("receiver3@example.com").getByText("Rejected")).toBeInTheDocument();
    expect(rowOf("receiver1@example.com").getByText("1,000 P")).toBeInTheDocument();
    expect(rowOf("receiver1@example.com").getByRole("link", { name: "user1@example.com" })).toHaveAttribute(
      "href",
      `/dash/customers/${redeem(1).redeemUser}/details`,
    );
  });

  it("offers Pay Reward unless Sent, and Cancel only while Pending", async () => {
    renderApp("/dash/redeems", () => listAnswer);
    await screen.findByText("receiver1@example.com");
    const pending = rowOf("receiver1@example.com");
    expect(pending.getByRole("link", { name: "Pay Reward" })).toHaveAttribute(
      "href",
      `/dash/redeems/${redeemId(1)}/edit`,
    );
    expect(pending.getByRole("link", { name: "Cancel" })).toBeInTheDocument();
    const sent = rowOf("receiver2@example.com");
    expect(sent.queryByRole("link", { name: "Pay Reward" })).not.toBeInTheDocument();
    expect(sent.queryByRole("link", { name: "Cancel" })).not.toBeInTheDocument();
    const rejected = rowOf("receiver3@example.com");
    expect(rejected.getByRole("link", { name: "Pay Reward" })).toBeInTheDocument();
    expect(rejected.queryByRole("link", { name: "Cancel" })).not.toBeInTheDocument();
  });

  it("filters Pending as status 0 (Processing, 3, is offered too) and searches by user id, from page 1", async () => {
    const { calls, router } = renderApp("/dash/redeems?page=2", () => listAnswer);
    await screen.findByText("receiver1@example.com");
    const status = screen.getByLabelText("Status");
    expect(
      within(status)
        .getAllByRole("option")
        .map((option) => [option.textContent, option.getAttribute("value")]),
    ).toEqual([
      ["All", ""],
      ["Pending", "0"],
      ["Sent", "1"],
      ["Rejected", "2"],
      ["Processing", "3"],
    ]);
    await userEvent.selectOptions(status, "0");
    await waitFor(() =>
      expect(calls().filter(isList).at(-1)?.body).toMatchObject({
        queryParams: { filter: { status: 0 }, pageNumber: 1 },
      }),
    );
    await userEvent.selectOptions(screen.getByLabelText("Search in"), "redeemUser");
    await userEvent.type(screen.getByLabelText("Search"), redeem(1).redeemUser);
    await waitFor(() =>
      expect(calls().filter(isList).at(-1)?.body).toMatchObject({
        queryParams: { filter: { redeemUser: redeem(1).redeemUser, status: 0 } },
      }),
    );
    const params = Object.fromEntries(new URLSearchParams(router.state.location.search));
    expect(params).toEqual({ status: "0", searchIn: "redeemUser", search: redeem(1).redeemUser });
  });

  it("searches receiver e-mails by default", async () => {
    const { calls } = renderApp("/dash/redeems", () => listAnswer);
    await screen.findByText("receiver1@example.com");
    await userEvent.type(screen.getByLabelText("Search"), "receiver1");
    await waitFor(() =>
      expect(calls().filter(isList).at(-1)?.body).toMatchObject({
        queryParams: { filter: { redeemEmail: "receiver1" } },
      }),
    );
  });

  it("reports a failed load with the action's message and the server's", async () => {
    renderApp("/dash/redeems", () => ({ status: 400, body: errorBody(400, "Unknown filter: nope") }));
    expect(await screen.findByText("Can't find redeems")).toBeInTheDocument();
    expect(screen.getByText("Unknown filter: nope")).toBeInTheDocument();
  });

  it("updates the selected redeems' status, Rejected (2) by default, then reloads and clears the selection", async () => {
    const { calls } = renderApp(
      "/dash/redeems",
      answerWith(() => ({ body: { updated: 2 } })),
    );
    await screen.findByText("receiver1@example.com");
    await userEvent.click(
      screen.getByRole("checkbox", { name: `Select receiver1@example.com (${redeemId(1).slice(-8)})` }),
    );
    await userEvent.click(
      screen.getByRole("checkbox", { name: `Select receiver2@example.com (${redeemId(2).slice(-8)})` }),
    );
    expect(screen.getByText("Selected records count: 2")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("link", { name: "Update Status" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Update Status" }));
    const status = dialog.getByLabelText("Status");
    expect(status).toHaveValue("2");
    expect(
      within(status)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Pending", "Sent", "Rejected"]);
    await userEvent.click(dialog.getByRole("button", { name: "Update Status" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls().find((call) => call.method === "PUT")).toMatchObject({
      url: "/api/redeem/state/ids",
      body: { ids: [redeemId(1), redeemId(2)], status: 2 },
    });
    expect(await screen.findByText("Status updated for 2 redeems")).toBeInTheDocument();
    await waitFor(() => expect(calls().filter(isList)).toHaveLength(2));
    expect(screen.queryByText(/Selected records count/)).not.toBeInTheDocument();
  });

  it("sends Pending as 0, and shows a 409's message in the dialog, which stays open", async () => {
    const message = "Not enough points: user1@example.com cannot pay for this redeem again";
    const { calls } = renderApp(
      "/dash/redeems",
      answerWith(() => ({ status: 409, body: errorBody(409, message) })),
    );
    await screen.findByText("receiver3@example.com");
    await userEvent.click(
      screen.getByRole("checkbox", { name: `Select receiver3@example.com (${redeemId(3).slice(-8)})` }),
    );
    await userEvent.click(screen.getByRole("link", { name: "Update Status" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Update Status" }));
    await userEvent.selectOptions(dialog.getByLabelText("Status"), "0");
    await userEvent.click(dialog.getByRole("button", { name: "Update Status" }));

    expect(await dialog.findByText(message)).toBeInTheDocument();
    expect(dialog.getByText("Can't update redeems status")).toBeInTheDocument();
    expect(calls().find((call) => call.method === "PUT")?.body).toEqual({ ids: [redeemId(3)], status: 0 });
    expect(screen.getByRole("dialog", { name: "Update Status" })).toBeInTheDocument();
    expect(screen.getByText("Selected records count: 1")).toBeInTheDocument();
  });

  it("lists the selected redeems", async () => {
    renderApp("/dash/redeems", () => listAnswer);
    await screen.findByText("receiver1@example.com");
    await userEvent.click(screen.getByRole("checkbox", { name: "Select all records" }));
    await userEvent.click(screen.getByRole("link", { name: "Fetch Selected" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Selected Redeems" }));
    expect(dialog.getByText("receiver3@example.com")).toBeInTheDocument();
    expect(dialog.getByText("3,000 P")).toBeInTheDocument();
  });

  it("cancels a pending redeem after naming the receiver and the points, then reloads the list", async () => {
    const { calls, router } = renderApp(
      "/dash/redeems?status=0",
      answerWith(() => ({ body: redeemDetails(1, { status: 2 }) })),
    );
    await screen.findByText("receiver1@example.com");
    await userEvent.click(rowOf("receiver1@example.com").getByRole("link", { name: "Cancel" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Cancel Redeem" }));
    expect(
      await dialog.findByText(/receiver1@example\.com\? Its 1,000 points go back to user1@example\.com/),
    ).toBeInTheDocument();
    await userEvent.click(dialog.getByRole("button", { name: "Cancel Redeem" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls().find((call) => call.method === "PUT")).toMatchObject({
      url: `/api/redeem/${redeemId(1)}`,
      body: undefined,
    });
    expect(
      await screen.findByText("Redeem cancelled: 1,000 points returned to user1@example.com"),
    ).toBeInTheDocument();
    expect(router.state.location).toMatchObject({ pathname: "/dash/redeems", search: "?status=0" });
    await waitFor(() => expect(calls().filter(isList)).toHaveLength(2));
  });

  it("reports a refused cancel (409)", async () => {
    renderApp(
      `/dash/redeems/${redeemId(1)}/cancel`,
      answerWith(() => ({ status: 409, body: errorBody(409, "Only a pending redeem can be cancelled") })),
    );
    const dialog = within(await screen.findByRole("dialog", { name: "Cancel Redeem" }));
    await userEvent.click(await dialog.findByRole("button", { name: "Cancel Redeem" }));
    expect(await screen.findByText("Can't cancel redeem")).toBeInTheDocument();
    expect(screen.getByText("Only a pending redeem can be cancelled")).toBeInTheDocument();
  });
});

describe("Redeems list: fraud signals", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    notifications.clean();
    useAuthStore.getState().logout();
  });

  const risky = [
    redeem(1, { riskReasons: ["linked_visitor", "country_mismatch"] }),
    redeem(2, { status: 1 }),
  ];
  const riskyAnswer = { body: { totalCount: 2, entities: risky } };

  it("badges a risky request beside its user, with its reasons, and leaves a clean one alone", async () => {
    renderApp("/dash/redeems", () => riskyAnswer);
    await screen.findByText("receiver1@example.com");
    const badge = rowOf("receiver1@example.com").getByRole("button", { name: /^Risky: / });
    expect(badge).toHaveAccessibleName(
      "Risky: Shares a browser fingerprint (visitorId) with another account; Redeem IP country differs from the sign-up country",
    );
    expect(rowOf("receiver2@example.com").queryByRole("button", { name: /Risky/ })).not.toBeInTheDocument();
    await userEvent.hover(badge);
    expect(await screen.findByText("Redeem IP country differs from the sign-up country")).toBeInTheDocument();
  });

  it('"Risky only" asks for risky: true from page 1, keeps it in the URL, and unticked drops it', async () => {
    const { calls, router } = renderApp("/dash/redeems?status=0&page=2", () => riskyAnswer);
    await screen.findByText("receiver1@example.com");
    const riskyOnly = screen.getByRole("checkbox", { name: "Risky only" });
    expect(riskyOnly).not.toBeChecked();
    await userEvent.click(riskyOnly);
    await waitFor(() =>
      expect(calls().filter(isList).at(-1)?.body).toMatchObject({
        queryParams: { filter: { status: 0, risky: true }, pageNumber: 1 },
      }),
    );
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      status: "0",
      risky: "true",
    });
    expect(riskyOnly).toBeChecked();

    await userEvent.click(riskyOnly);
    await waitFor(() =>
      expect(calls().filter(isList).at(-1)?.body).toMatchObject({ queryParams: { filter: { status: 0 } } }),
    );
    expect(calls().filter(isList).at(-1)?.body).not.toHaveProperty("queryParams.filter.risky");
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ status: "0" });
  });

  it("opens with the filter on from a shared address, and ignores a value it does not know", async () => {
    const shared = renderApp("/dash/redeems?risky=true", () => riskyAnswer);
    await screen.findByText("receiver1@example.com");
    expect(screen.getByRole("checkbox", { name: "Risky only" })).toBeChecked();
    expect(shared.calls().filter(isList)[0]?.body).toMatchObject({
      queryParams: { filter: { risky: true } },
    });
    shared.unmount();

    const odd = renderApp("/dash/redeems?risky=yes", () => riskyAnswer);
    await screen.findByText("receiver1@example.com");
    expect(screen.getByRole("checkbox", { name: "Risky only" })).not.toBeChecked();
    expect(odd.calls().filter(isList)[0]?.body).toMatchObject({ queryParams: { filter: {} } });
    expect(odd.calls().filter(isList)[0]?.body).not.toHaveProperty("queryParams.filter.risky");
  });
});
