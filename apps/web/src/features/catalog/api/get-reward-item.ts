import { rewardItemEndpoints } from "@rewards/contract";
import { useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { catalogKeys } from "./keys";

export function useRewardItem(id: string) {
  return useQuery({
    queryKey: catalogKeys.rewardItem(id),
    queryFn: ({ signal }) => call(rewardItemEndpoints.details, { params: { id } }, { signal }),
  });
}
