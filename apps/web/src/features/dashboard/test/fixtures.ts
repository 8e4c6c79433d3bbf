import type { Dashboard } from "@rewards/contract";

const id = (kind: string, n: number) => `0190f4b2-7c1e-7a3d-9f10-${kind}${String(n).padStart(10, "0")}`;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

/** A dashboard answer with five rows in each list; overrides replace top-level fields. */
export function dashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    range: "today",
    period: { from: "2026-01-05T00:00:00.000Z", to: "2026-01-06T00:00:00.000Z" },
    days: ["2025-12-30", "2025-12-31", "2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04", "2026-01-05"],
    todayOffers: 12,
    todayUsers: 3,
    todayRedeems: 2,
    todayRevenue: 48.5,
    userWidget: { users: 1250, usersData: [1, 4, 2, 0, 6, 5, 3] },
    revenueWidget: { revenue: 3120.456, revenueData: [10, 20.5, 0, 33.25, 12, 7.1, 48.5] },
    redeemWidget: { redeemCount: 87, redeemData: [0, 1, 3, 2, 0, 4, 2] },
    offersWidget: { offers: 940, offersData: [5, 9, 11, 7, 8, 10, 12] },
    LastUsers: [1, 2, 3, 4, 5].map((n) => ({
      _id: id("aa", n),
      username: `user${n}@example.com`,
      createdAt: hoursAgo(n * 3),
      device: n === 1 ? "android" : n === 2 ? "ios" : null,
    })),
    LastCompletedOffers: [1, 2, 3, 4, 5].map((n) => ({
      _id: id("bb", n),
      offerName: `Install Game ${n}`,
      network: "adgem",
      payout: 1.25 * n,
      status: "credited" as const,
      date: hoursAgo(n),
      userEmail: `user${n}@example.com`,
    })),
    LastRedeems: [1, 2, 3, 4, 5].map((n) => ({
      _id: id("cc", n),
      rewardName: "Amazon",
      rewardAmount: `$${n * 5}`,
      rewardCost: n * 5000,
      status: (n % 3) as 0 | 1 | 2,
      redeemDate: hoursAgo(n * 24),
      userEmail: `user${n}@example.com`,
    })),
    ...overrides,
  };
}
