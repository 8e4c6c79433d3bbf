import { rewardEndpoints } from "@rewards/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { catalogKeys, type RewardsQueryParams } from "./keys";

/** null: the filter cannot be sent as it is, so nothing is asked. */
export function useRewards(countryId: string, queryParams: RewardsQueryParams | null) {
  return useQuery({
    queryKey: catalogKeys.rewards(countryId, queryParams ?? {}),
    queryFn: ({ signal }) =>
      call(
        rewardEndpoints.list,
        { params: { countryId }, query: { group: "false" }, body: { queryParams: queryParams ?? {} } },
        { signal },
      ),
    placeholderData: keepPreviousData,
    enabled: queryParams !== null,
  });
}
