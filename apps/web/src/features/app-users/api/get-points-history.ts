import { appUserEndpoints } from "@rewards/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { appUserKeys, type PointsHistoryQueryParams } from "./keys";

/** A page of the user's points history, newest first; the previous page stays shown while the next loads. */
export function usePointsHistory(userId: string, queryParams: PointsHistoryQueryParams) {
  return useQuery({
    queryKey: appUserKeys.pointsHistory(userId, queryParams),
    queryFn: ({ signal }) =>
      call(appUserEndpoints.pointsHistory, { params: { id: userId }, body: { queryParams } }, { signal }),
    placeholderData: keepPreviousData,
  });
}
