import type { CountryListBody, RewardItemListBody, RewardListBody } from "@rewards/contract";
import { queryRoots } from "../../../lib/query-roots";

export type CountriesQueryParams = CountryListBody["queryParams"];
export type RewardsQueryParams = RewardListBody["queryParams"];
export type RewardItemsQueryParams = RewardItemListBody["queryParams"];

/**
 * Every catalog query starts with "catalog"; lists with "catalog", "list". A write invalidates the lists
 * (and, when it changed a record, the records too), so rewards counts and tables follow.
 */
export const catalogKeys = {
  all: queryRoots.catalog,
  lists: [...queryRoots.catalog, "list"] as const,
  countries: (queryParams: CountriesQueryParams) => [...catalogKeys.lists, "countries", queryParams] as const,
  rewards: (countryId: string, queryParams: RewardsQueryParams) =>
    [...catalogKeys.lists, "rewards", countryId, queryParams] as const,
  rewardItems: (rewardId: string, queryParams: RewardItemsQueryParams) =>
    [...catalogKeys.lists, "rewardItems", rewardId, queryParams] as const,
  country: (id: string) => [...catalogKeys.all, "country", id] as const,
  reward: (id: string) => [...catalogKeys.all, "reward", id] as const,
  rewardItem: (id: string) => [...catalogKeys.all, "rewardItem", id] as const,
};
