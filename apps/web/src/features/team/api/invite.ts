import { type InviteAcceptBody, teamEndpoints } from "@rewards/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { useAuthStore } from "../../../lib/auth-store";
import { teamKeys } from "./keys";

/** What an invitation link offers (the address, the app, the role), or a 404 when it is not usable. */
export function checkInviteQueryOptions(token: string) {
  return queryOptions({
    queryKey: teamKeys.invite(token),
    queryFn: ({ signal }) =>
      call(teamEndpoints.checkInvite, { params: { token } }, { signal, skipAuthRedirect: true }),
    // The answer changes once the invitation is used, so never serve it from cache.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

export function useCheckInvite(token: string) {
  return useQuery(checkInviteQueryOptions(token));
}

/**
 * Accepting: a new account sends its name and password; a signed-in account an empty body (its token
 * goes with the call). Either way the answer's token acts in the joined app: it replaces the stored one,
 * and nothing cached from another app is kept.
 */
export function useAcceptInvite(token: string, onJoined: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteAcceptBody) =>
      call(teamEndpoints.acceptInvite, { params: { token }, body }, { skipAuthRedirect: true }),
    onSuccess: ({ accessToken }) => {
      // Queries only: clearing the mutations too would drop the caller's own onSuccess.
      queryClient.removeQueries();
      useAuthStore.getState().setToken(accessToken);
      onJoined();
    },
  });
}
