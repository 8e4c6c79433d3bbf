import type { Country, Reward, RewardItem } from "@rewards/contract";

export const catalogId = (kind: number, n: number) =>
  `0190f4b2-7c1e-7a3d-9f10-${String(kind).padStart(4, "0")}00000${String(n).padStart(3, "0")}`;

export function country(n: number, overrides: Partial<Country> = {}): Country {
  return {
    _id: catalogId(1, n),
    fullName: "Germany",
    code: "DE",
    priority: 10 * n,
    rewardCount: 2,
    createdAt: "2026-01-02T10:00:00.000Z",
    ...overrides,
  };
}

export function reward(n: number, overrides: Partial<Reward> = {}): Reward {
  return {
    _id: catalogId(2, n),
    name: `Reward ${n}`,
    order: n,
    iconUrl: `/uploads/${catalogId(9, n)}`,
    countryId: catalogId(1, 1),
    createdAt: "2026-01-02T10:00:00.000Z",
    ...overrides,
  };
}

export function rewardItem(n: number, overrides: Partial<RewardItem> = {}): RewardItem {
  return {
    _id: catalogId(3, n),
    cost: `$${5 * n}`,
    points: 5000 * n,
    rewardId: catalogId(2, 1),
    createdAt: "2026-01-02T10:00:00.000Z",
    ...overrides,
  };
}
