import type { Giveaway } from "@rewards/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const giveawayKeys = { all: ["giveaway"] as const };

export function getGiveaway(adminId: string, { signal }: { signal?: AbortSignal } = {}): Promise<Giveaway> {
  return api.get<Giveaway>(`/api/giveaway/${encodeURIComponent(adminId)}`, { signal });
}

export function getGiveawayQueryOptions(adminId: string) {
  return queryOptions({
    queryKey: [...giveawayKeys.all, adminId],
    queryFn: ({ signal }) => getGiveaway(adminId, { signal }),
  });
}

export function useGiveaway(adminId: string) {
  return useQuery(getGiveawayQueryOptions(adminId));
}
