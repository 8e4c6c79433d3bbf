import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../lib/auth-store";
import { owner, renderApp } from "../../../test/app";
import { dashboard } from "../../../test/fixtures/dashboard";
import { errorBody } from "../../../test/render";

const isDash = (call: { url: string }) => call.url.startsWith("/api/dash?");
const paramsOf = (call: { url: string } | undefined) => new URL(call?.url ?? "", "http://app").searchParams;
const widget = (name: string) => within(screen.getByRole("region", { name }));
/** The first card of a screen waits for the lazily loaded route. */
const firstWidget = async (name: string) =>
  within(await screen.findByRole("region", { name }, { timeout: 5000 }));

describe("Dashboard", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    useAuthStore.getState().logout();
  });

  it("alerts on low stock, each item with its codes page", async () => {
    const lowStock = [
      { rewardItemId: "item-1", rewardName: "Amazon", cost: "$5", available: 2, lowStockBelow: 10 },
      { rewardItemId: "item-2", rewardName: "Steam", cost: "$20", available: 0, lowStockBelow: 5 },
    ];
    renderApp("/dashboard", (call) => (isDash(call) ? { body: dashboard({ lowStock }) } : { body: {} }));
    const card = await firstWidget("Low stock");
    expect(card.getByText("Amazon $5")).toBeInTheDocument();
    expect(card.getByText("2 of 10")).toBeInTheDocument();
    expect(card.getByText("0 of 5")).toBeInTheDocument();
    expect(card.getAllByRole("link", { name: "Codes" }).map((link) => link.getAttribute("href"))).toEqual([
      "/dash/catalog/items/item-1/codes",
      "/dash/catalog/items/item-2/codes",
    ]);
    // The first screen of the file loads lazily: allow it the time.
  }, 15_000);

  it("shows what the app owes and today's payouts by method, with a redeem being paid as Processing", async () => {
    const body = dashboard({
      liabilities: {
        availablePoints: 1_500_000,
        pendingPoints: 250_000,
        availableUsd: 1500,
        pendingUsd: 250.5,
      },
      payoutsToday: [
        { method: "inventory", count: 4, points: 20_000 },
        { method: "provider", count: 2, points: 12_500 },
      ],
    });
    body.LastRedeems = body.LastRedeems.map((redeem, index) =>
      index === 0 ? { ...redeem, status: 3 } : redeem,
    );
    renderApp("/dashboard", (call) => (isDash(call) ? { body } : { body: {} }));
    const owed = await firstWidget("Liabilities");
    await owed.findByTestId("liabilities-available");
    expect(within(owed.getByTestId("liabilities-available")).getByText("1,500,000 P")).toBeInTheDocument();
    expect(within(owed.getByTestId("liabilities-available")).getByText("$1,500.00")).toBeInTheDocument();
    expect(within(owed.getByTestId("liabilities-pending")).getByText("250,000 P")).toBeInTheDocument();
    expect(within(owed.getByTestId("liabilities-pending")).getByText("$250.50")).toBeInTheDocument();

    const paid = widget("Payouts today");
    const rows = paid.getAllByRole("row").map((row) => row.textContent);
    expect(rows).toEqual(["MethodRedeemsPoints", "Manual00 P", "Code stock420,000 P", "Provider212,500 P"]);
    expect(widget("Last Redeems").getByText("Processing")).toBeInTheDocument();
  });

  it("shows no low-stock alert when no item is low", async () => {
    renderApp("/dashboard", (call) => (isDash(call) ? { body: dashboard() } : { body: {} }));
    await firstWidget("Today's offers");
    expect(screen.queryByRole("region", { name: "Low stock" })).not.toBeInTheDocument();
  });

  it("shows today's figures, the totals with their 7 days and the last lists", async () => {
    renderApp("/dashboard", (call) => (isDash(call) ? { body: dashboard() } : { body: {} }));
    expect(await (await firstWidget("Today's offers")).findByText("12")).toBeInTheDocument();
    expect(widget("Today's users").getByText("3")).toBeInTheDocument();
    expect(widget("Today's redeems").getByText("2")).toBeInTheDocument();
    expect(widget("Today's revenue").getByText("$48.50")).toBeInTheDocument();

    expect(widget("All users").getByText("1,250")).toBeInTheDocument();
    expect(widget("Revenue (dollars)").getByText("$3,120.46")).toBeInTheDocument();
    expect(widget("Redeems").getByText("87")).toBeInTheDocument();
    expect(widget("Completed offers").getByText("940")).toBeInTheDocument();
    const revenueDays = screen.getByRole("list", { name: "Revenue (dollars), last 7 days" });
    expect(
      within(revenueDays)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "6 Days Ago: $10.00",
      "5 Days Ago: $20.50",
      "4 Days Ago: $0.00",
      "3 Days Ago: $33.25",
      "2 Days Ago: $12.00",
      "Yesterday: $7.10",
      "Today: $48.50",
    ]);

    const users = widget("Last Users");
    expect(users.getAllByRole("link")).toHaveLength(5);
    expect(users.getByRole("link", { name: "user1@example.com" })).toHaveAttribute(
      "href",
      expect.stringMatching(/^\/dash\/customers\/0190f4b2-.*aa0000000001\/details$/),
    );
    expect(users.getByText("3 hours ago")).toBeInTheDocument();
    expect(users.getByRole("img", { name: "Android" })).toBeInTheDocument();
    expect(users.getByRole("img", { name: "Apple" })).toBeInTheDocument();

    const offers = widget("Last Completed Offers");
    expect(offers.getByRole("link", { name: "Install Game 1" })).toHaveAttribute(
      "href",
      expect.stringMatching(/^\/dash\/offers\/.*\/details$/),
    );
    expect(offers.getAllByText("adgem")[0]).toHaveStyle({ textTransform: "uppercase" });
    expect(offers.getByText("1 hour ago")).toBeInTheDocument();

    const redeems = widget("Last Redeems");
    expect(redeems.getByRole("link", { name: "$5 Amazon" })).toHaveAttribute(
      "href",
      expect.stringMatching(/^\/dash\/redeems\/.*\/details$/),
    );
    expect(redeems.getByText("yesterday")).toBeInTheDocument();
    expect(redeems.getAllByText("Sent").length).toBeGreaterThan(0);
    expect(redeems.getAllByText("Rejected").length).toBeGreaterThan(0);
    expect(redeems.getAllByText("Pending").length).toBeGreaterThan(0);
  });

  it("keeps every card's place with skeletons while loading", async () => {
    renderApp("/dashboard", (call) => (isDash(call) ? new Promise(() => {}) : { body: {} }));
    await firstWidget("Today's offers");
    expect(screen.getAllByTestId("entry-skeleton")).toHaveLength(15);
    expect(screen.queryByTestId("widget-value")).not.toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Last Redeems" })).toBeInTheDocument();
  });

  it("says it can't load the dashboard, with the server's message, and retries", async () => {
    let fail = true;
    const { queryClient, calls } = renderApp("/dashboard", (call) => {
      if (!isDash(call)) return { body: {} };
      return fail ? { status: 500, body: errorBody(500, "The database is asleep") } : { body: dashboard() };
    });
    // The query client retries server errors; one answer is enough here.
    queryClient.setDefaultOptions({ queries: { retry: false } });
    expect(await screen.findAllByText("Can't load dashboard")).not.toHaveLength(0);
    expect(screen.getAllByText("The database is asleep")).not.toHaveLength(0);

    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await widget("Today's offers").findByText("12")).toBeInTheDocument();
    expect(calls().filter(isDash)).toHaveLength(2);
  });

  it("asks for the chosen range in the app's time zone, not the browser's, and keeps it in the URL", async () => {
    const resolved = Intl.DateTimeFormat().resolvedOptions();
    vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockReturnValue({
      ...resolved,
      timeZone: "America/Los_Angeles",
    });
    const app = { ...owner, timeZone: "Asia/Tokyo" };
    const { calls, router } = renderApp(
      "/dashboard",
      (call) => {
        if (!isDash(call)) return { body: {} };
        const range = paramsOf(call).get("range") as "today" | "last7";
        return { body: dashboard({ range, todayOffers: range === "today" ? 12 : 77 }) };
      },
      app,
    );
    expect(await (await firstWidget("Today's offers")).findByText("12")).toBeInTheDocument();
    expect(Object.fromEntries(paramsOf(calls().filter(isDash)[0]))).toEqual({
      tz: "Asia/Tokyo",
      range: "today",
    });

    const user = userEvent.setup();
    // Today is Tokyo's day, as the footer says.
    const tokyoToday = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Asia/Tokyo",
      day: "numeric",
      month: "short",
    });
    expect(screen.getByText("Times in Asia/Tokyo")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: `Today: ${tokyoToday.format(new Date())}` }));
    await user.click(await screen.findByRole("menuitem", { name: "Last 7 days" }));

    await waitFor(() => expect(router.state.location.search).toBe("?range=last7"));
    expect(await widget("Offers (last 7 days)").findByText("77")).toBeInTheDocument();
    expect(widget("Revenue (last 7 days)").getByText("$48.50")).toBeInTheDocument();
    expect(Object.fromEntries(paramsOf(calls().filter(isDash).at(-1)))).toEqual({
      tz: "Asia/Tokyo",
      range: "last7",
    });
    expect(screen.getByRole("button", { name: "Last 7 days" })).toBeInTheDocument();
  });

  it("starts from the range in the URL", async () => {
    const { calls } = renderApp("/dashboard?range=last30", (call) =>
      isDash(call) ? { body: dashboard({ range: "last30" }) } : { body: {} },
    );
    await firstWidget("Users (last 30 days)");
    expect(paramsOf(calls().filter(isDash)[0]).get("range")).toBe("last30");
    expect(screen.getByRole("button", { name: "Last 30 days" })).toBeInTheDocument();
  });

  it("opens the dashboard with the range chosen on another page", async () => {
    const { router } = renderApp("/dash/customers", (call) =>
      isDash(call) ? { body: dashboard({ range: "yesterday" }) } : { body: { totalCount: 0, entities: [] } },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: /^Today: / }, { timeout: 5000 }));
    await user.click(await screen.findByRole("menuitem", { name: "Yesterday" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(router.state.location.search).toBe("?range=yesterday");
    await firstWidget("Revenue (yesterday)");
  });
});
