import { type AdminSession, profileEndpoints } from "@rewards/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { securityKeys } from "./keys";

export function getSessionsQueryOptions() {
  // Other devices sign in and out meanwhile: always ask again when the list is shown.
  return queryOptions({
    queryKey: securityKeys.sessions(),
    queryFn: ({ signal }) => call(profileEndpoints.sessions, {}, { signal }),
    staleTime: 0,
  });
}

export function useSessions() {
  return useQuery(getSessionsQueryOptions());
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: AdminSession) => call(profileEndpoints.endSession, { params: { id: session._id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions() }),
  });
}

export function useRevokeAllSessions() {
  return useMutation({ mutationFn: () => call(profileEndpoints.endSessions) });
}
