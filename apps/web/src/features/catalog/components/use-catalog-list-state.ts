import {
  catalogDefaultPageSize,
  catalogPageSizes,
  type RewardFilter,
  type RewardItemFilter,
  type RewardItemSortField,
  type RewardSortField,
  rewardItemSortFields,
  rewardSortFields,
} from "@rewards/contract";
import { compactFilter, type ListStateConfig, useListState } from "../../../components/list/use-list-state";

// Page sizes 1, 3, 5 (5 by default), sorted by id ascending (decision 0015).
const rewardsConfig: ListStateConfig<RewardSortField, RewardFilter> = {
  filters: { search: {} },
  sortFields: rewardSortFields,
  defaultSort: { sortField: "_id", sortOrder: "asc" },
  pageSizes: catalogPageSizes,
  defaultPageSize: catalogDefaultPageSize,
  toFilter: (values) => compactFilter({ name: values.search?.trim() || undefined }),
};

const rewardItemsConfig: ListStateConfig<RewardItemSortField, RewardItemFilter> = {
  filters: {},
  sortFields: rewardItemSortFields,
  defaultSort: { sortField: "_id", sortOrder: "asc" },
  pageSizes: catalogPageSizes,
  defaultPageSize: catalogDefaultPageSize,
  toFilter: () => ({}),
};

export function useRewardsListState() {
  return useListState(rewardsConfig);
}

export function useRewardItemsListState() {
  return useListState(rewardItemsConfig);
}
