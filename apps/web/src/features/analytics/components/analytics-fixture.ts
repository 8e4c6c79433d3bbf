import type { Analytics } from "@rewards/contract";

const zeroPeriod = {
  revenue: 0,
  pointsIssued: 0,
  pointsCostUsd: 0,
  paidUsd: 0,
  margin: 0,
  marginPct: null,
  conversions: 0,
  reversals: 0,
  newUsers: 0,
  paidRedeems: 0,
};

/** An analytics answer: two days with figures, a breakdown by network, cohorts, earning per user. */
export function analyticsAnswer(change: Partial<Analytics> = {}): Analytics {
  return {
    from: "2026-11-01",
    to: "2026-11-02",
    granularity: "day",
    by: "network",
    timeZone: "Asia/Tokyo",
    pointsPerDollar: 1000,
    periods: [
      {
        start: "2026-11-01",
        ...zeroPeriod,
        revenue: 1234.5,
        pointsIssued: 900_000,
        pointsCostUsd: 900,
        margin: 334.5,
        marginPct: 0.271,
        conversions: 1200,
        reversals: 12,
        newUsers: 40,
      },
      { start: "2026-11-02", ...zeroPeriod, paidUsd: 25, paidRedeems: 1 },
    ],
    totals: {
      ...zeroPeriod,
      revenue: 1234.5,
      pointsIssued: 900_000,
      pointsCostUsd: 900,
      margin: 334.5,
      marginPct: 0.271,
      paidUsd: 25,
      paidRedeems: 1,
      conversions: 1200,
      reversals: 12,
      newUsers: 40,
    },
    breakdown: [
      {
        key: "adgem",
        conversions: 1000,
        revenue: 1000,
        averagePayout: 1,
        reversals: 10,
        reversalRate: 0.01,
        users: 1234,
        pointsIssued: 700_000,
      },
      {
        key: "",
        conversions: 200,
        revenue: 234.5,
        averagePayout: 1.1725,
        reversals: 2,
        reversalRate: 0.01,
        users: 56,
        pointsIssued: 200_000,
      },
    ],
    breakdownOmitted: 3,
    usersAreEstimates: true,
    cohorts: [{ week: "2026-10-26", users: 40, active: [20, 10, null, null, null, null, null, null] }],
    arpu: [
      { country: "DE", revenue30: 500, users30: 50, arpu30: 10, revenue90: 900, users90: 60, arpu90: 15 },
    ],
    liabilities: {
      availablePoints: 1_500_000,
      pendingPoints: 250_000,
      availableUsd: 1500,
      pendingUsd: 250,
      pendingRedeems: 4,
      pendingRedeemPoints: 20_000,
      pendingRedeemsUsd: 20,
    },
    ...change,
  };
}

/** An answer of a range without any activity. */
export function emptyAnalyticsAnswer(): Analytics {
  return analyticsAnswer({
    periods: [{ start: "2026-11-01", ...zeroPeriod }],
    totals: zeroPeriod,
    breakdown: [],
    breakdownOmitted: 0,
    cohorts: [],
    arpu: [],
    liabilities: {
      availablePoints: 0,
      pendingPoints: 0,
      availableUsd: 0,
      pendingUsd: 0,
      pendingRedeems: 0,
      pendingRedeemPoints: 0,
      pendingRedeemsUsd: 0,
    },
  });
}
