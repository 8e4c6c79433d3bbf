import { rewardEndpoints } from "@rewards/contract";
import { useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { catalogKeys } from "./keys";

export function useReward(id: string) {
  return useQuery({
    queryKey: catalogKeys.reward(id),
    queryFn: ({ signal }) => call(rewardEndpoints.details, { params: { id } }, { signal }),
  });
}
