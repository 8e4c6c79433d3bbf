import { authEndpoints } from "@rewards/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { authKeys } from "./keys";

/** `{}` when the token is usable, `{ message }` (invalid, used, expired) otherwise. */
export function checkResetTokenQueryOptions(token: string) {
  return queryOptions({
    queryKey: authKeys.resetToken(token),
    queryFn: ({ signal }) => call(authEndpoints.checkResetToken, { params: { token } }, { signal }),
    // The answer changes once the token is used, so never serve it from cache.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

export function useCheckResetToken(token: string) {
  return useQuery(checkResetTokenQueryOptions(token));
}
