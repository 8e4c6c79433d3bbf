import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** `{}` when the token is usable, `{ message }` (invalid, used, expired) otherwise. */
export type ResetTokenCheck = { message?: string };

export function checkResetToken(token: string, signal?: AbortSignal): Promise<ResetTokenCheck> {
  return api.get<ResetTokenCheck>(`/api/users/auth/reset/${encodeURIComponent(token)}`, { signal });
}

export function checkResetTokenQueryOptions(token: string) {
  return queryOptions({
    queryKey: ["auth", "reset-token", token],
    queryFn: ({ signal }) => checkResetToken(token, signal),
    // The answer changes once the token is used, so never serve it from cache.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

export function useCheckResetToken(token: string) {
  return useQuery(checkResetTokenQueryOptions(token));
}
