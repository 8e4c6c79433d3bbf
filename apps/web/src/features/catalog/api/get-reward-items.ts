import { rewardItemEndpoints } from "@rewards/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { catalogKeys, type RewardItemsQueryParams } from "./keys";

/** null: the filter cannot be sent as it is, so nothing is asked. */
export function useRewardItems(rewardId: string, queryParams: RewardItemsQueryParams | null) {
  return useQuery({
    queryKey: catalogKeys.rewardItems(rewardId, queryParams ?? {}),
    queryFn: ({ signal }) =>
      call(
        rewardItemEndpoints.list,
        { params: { rewardId }, query: { group: "false" }, body: { queryParams: queryParams ?? {} } },
        { signal },
      ),
    placeholderData: keepPreviousData,
    enabled: queryParams !== null,
  });
}
