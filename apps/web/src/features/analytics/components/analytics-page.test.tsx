import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../lib/auth-store";
import { renderApp } from "../../../test/app";
import { errorBody, type FetchCall } from "../../../test/render";
import { addDays, todayIn } from "../range";
import { analyticsAnswer, emptyAnalyticsAnswer } from "./analytics-fixture";

const zone = "Pacific/Kiritimati";
const isReport = (call: { url: string }) => call.url.startsWith("/api/analytics?");
const paramsOf = (call: { url: string } | undefined) =>
  Object.fromEntries(new URL(call?.url ?? "", "http://app").searchParams);
const general = { _id: "g1", adminId: "u1", name: "general", timeZone: zone, updatedAt: null };

function answer(body = analyticsAnswer()) {
  return (call: FetchCall) => {
    if (call.url.startsWith("/api/setting/settingconfig/")) return { body: general };
    if (isReport(call)) return { body };
    return { body: {} };
  };
}

const region = (name: string) => within(screen.getByRole("region", { name }));
const firstRegion = async (name: string) =>
  within(await screen.findByRole("region", { name }, { timeout: 5000 }));

describe("Analytics", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.getState().logout();
  });

  it("asks for the last 30 days of the reporting time zone, by day and network, and shows the figures", async () => {
    const view = renderApp("/dash/analytics", answer());
    const { calls } = view;
    const revenue = await firstRegion("Revenue");
    expect(await revenue.findByText("$1,234.50")).toBeInTheDocument();
    const today = todayIn(zone);
    expect(paramsOf(calls().find(isReport))).toEqual({
      from: addDays(today, -29),
      to: today,
      granularity: "day",
      by: "network",
    });
    expect(screen.getByText(/Days in Asia\/Tokyo/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Change in General settings" })).toHaveAttribute(
      "href",
      "/dash/setting",
    );

    expect(region("Points cost").getByText("$900.00")).toBeInTheDocument();
    expect(region("Points cost").getByText("900,000 points")).toBeInTheDocument();
    expect(region("Gross margin").getByText("$334.50")).toBeInTheDocument();
    expect(region("Gross margin").getByText("27.1% of revenue")).toBeInTheDocument();
    expect(region("Paid out").getByText("$25.00")).toBeInTheDocument();
    expect(region("Conversions").getByText("1,200")).toBeInTheDocument();
    expect(region("New users").getByText("40")).toBeInTheDocument();

    const periods = within(screen.getByRole("table", { name: "Money per period" }));
    const rows = periods.getAllByRole("row").map((row) => row.textContent);
    expect(rows[1]).toBe("1 Nov 2026$1,234.50900,000$900.00$334.5027.1%$0.0001,2001240");
    expect(rows[2]).toBe("2 Nov 2026$0.000$0.00$0.00—$25.001000");
    expect(rows[3]).toBe("Total$1,234.50900,000$900.00$334.5027.1%$25.0011,2001240");

    const breakdown = within(screen.getByRole("table", { name: "Breakdown" }));
    expect(breakdown.getAllByRole("row").map((row) => row.textContent)).toEqual([
      "NetworkConversionsRevenueAvg payoutReversalsReversal rateUsersPoints issued",
      "adgem1,000$1,000.00$1.00101.0%≈ 1,234700,000",
      "Unknown200$234.50$1.1721.0%≈ 56200,000",
    ]);
    expect(screen.getByText("3 more not shown")).toBeInTheDocument();

    const retention = within(screen.getByRole("table", { name: "Retention" }));
    const cohort = retention.getAllByRole("row")[1] as HTMLElement;
    expect(
      within(cohort)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["26 Oct 2026", "40", "50%", "25%", "", "", "", "", "", ""]);

    const arpu = within(screen.getByRole("table", { name: "Earning per user by country" }));
    expect(arpu.getAllByRole("row")[1]?.textContent).toContain("$500.0050$10.00$900.0060$15.00");

    expect(region("Points held by users").getByText("1,750,000 P · $1,750.00")).toBeInTheDocument();
    expect(region("Pending redeems").getByText("4 · $20.00")).toBeInTheDocument();
    expect(region("Pending redeems").getByText("20,000 points")).toBeInTheDocument();

    // From the default view, a change writes the whole view into the address.
    const { router } = view;
    await userEvent.click(screen.getByRole("radio", { name: "Week" }));
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        from: addDays(today, -29),
        to: today,
        granularity: "week",
      }),
    );
  }, 15_000);

  it("takes the view from the URL and keeps every change in it and in the request", async () => {
    const { calls, router } = renderApp(
      "/dash/analytics?from=2026-01-01&to=2026-03-31&granularity=month&by=offer",
      answer(),
    );
    await firstRegion("Revenue");
    await waitFor(() => expect(calls().filter(isReport)).toHaveLength(1));
    expect(paramsOf(calls().find(isReport))).toEqual({
      from: "2026-01-01",
      to: "2026-03-31",
      granularity: "month",
      by: "offer",
    });
    const user = userEvent.setup();

    await user.click(screen.getByRole("radio", { name: "Week" }));
    await waitFor(() => expect(paramsOf(calls().filter(isReport).at(-1)).granularity).toBe("week"));
    expect(new URLSearchParams(router.state.location.search).get("granularity")).toBe("week");

    await user.click(screen.getByRole("radio", { name: "Country" }));
    await waitFor(() => expect(paramsOf(calls().filter(isReport).at(-1)).by).toBe("country"));
    expect(new URLSearchParams(router.state.location.search).get("by")).toBe("country");

    await user.click(screen.getByLabelText("Range", { selector: "input" }));
    await user.click(await screen.findByRole("option", { name: "Last 7 days" }));
    const today = todayIn(zone);
    await waitFor(() =>
      expect(paramsOf(calls().filter(isReport).at(-1))).toEqual({
        from: addDays(today, -6),
        to: today,
        granularity: "week",
        by: "country",
      }),
    );
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      from: addDays(today, -6),
      to: today,
      granularity: "week",
      by: "country",
    });
  });

  it("shows zeros and dashes for a range without activity, never NaN", async () => {
    renderApp("/dash/analytics", answer(emptyAnalyticsAnswer()));
    expect(await (await firstRegion("Revenue")).findByText("$0.00")).toBeInTheDocument();
    expect(region("Gross margin").getByText("— of revenue")).toBeInTheDocument();
    expect(screen.getByText("Nothing earned in this range")).toBeInTheDocument();
    expect(screen.getByText("No sign-ups in these weeks")).toBeInTheDocument();
    expect(screen.queryByText(/more not shown/)).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain("NaN");
  });

  it("says it can't load analytics, with the server's message, and retries", async () => {
    let fail = true;
    const { queryClient } = renderApp("/dash/analytics", (call) => {
      if (isReport(call) && fail) return { status: 500, body: errorBody(500, "The rollups are asleep") };
      return answer()(call);
    });
    queryClient.setDefaultOptions({ queries: { retry: false } });
    expect(
      (await screen.findAllByText("Can't load analytics", {}, { timeout: 5000 })).length,
    ).toBeGreaterThan(0);
    expect(screen.getAllByText("The rollups are asleep").length).toBeGreaterThan(0);
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await region("Revenue").findByText("$1,234.50")).toBeInTheDocument();
  });
});
