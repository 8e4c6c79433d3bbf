import { giveawayEndpoints } from "@rewards/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { giveawayKeys } from "./keys";

export function getGiveawayQueryOptions(adminId: string) {
  return queryOptions({
    queryKey: giveawayKeys.details(adminId),
    queryFn: ({ signal }) => call(giveawayEndpoints.details, { params: { adminId } }, { signal }),
  });
}

export function useGiveaway(adminId: string) {
  return useQuery(getGiveawayQueryOptions(adminId));
}
