import type { CodeState } from "@rewards/contract";
import { queryRoots } from "../../../lib/query-roots";

export type CodesQuery = { state?: CodeState; pageNumber: number; pageSize: number };

/**
 * Every payouts query starts with "payouts"; an item's stock and codes with "payouts", "item", its id, so
 * an import or a delete refreshes both. The catalog's lists show stock too: a write refreshes them by
 * the catalog's root.
 */
export const payoutKeys = {
  all: queryRoots.payouts,
  item: (itemId: string) => [...queryRoots.payouts, "item", itemId] as const,
  rewardItem: (itemId: string) => [...payoutKeys.item(itemId), "rewardItem"] as const,
  stock: (itemId: string) => [...payoutKeys.item(itemId), "stock"] as const,
  codes: (itemId: string, query: CodesQuery) => [...payoutKeys.item(itemId), "codes", query] as const,
  /** The app key, for the provider's webhook address. */
  appKey: () => [...queryRoots.payouts, "app-key"] as const,
};

/** The catalog's queries (the items' Stock column, the dashboard's alert): refreshed after a stock change. */
export const stockShownElsewhere = [queryRoots.catalog, queryRoots.dashboard] as const;
