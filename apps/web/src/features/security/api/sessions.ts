import type { AdminSession } from "@rewards/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const sessionsQueryKey = ["profile", "sessions"] as const;

export function getSessions({ signal }: { signal?: AbortSignal } = {}): Promise<AdminSession[]> {
  return api.get<AdminSession[]>("/api/profile/sessions", { signal });
}

export function getSessionsQueryOptions() {
  // Other devices sign in and out meanwhile: always ask again when the list is shown.
  return queryOptions({ queryKey: sessionsQueryKey, queryFn: getSessions, staleTime: 0 });
}

export function useSessions() {
  return useQuery(getSessionsQueryOptions());
}

export function revokeSession(id: string): Promise<unknown> {
  return api.delete(`/api/profile/sessions/${encodeURIComponent(id)}`);
}

export function revokeAllSessions(): Promise<unknown> {
  return api.delete("/api/profile/sessions");
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: AdminSession) => revokeSession(session._id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

export function useRevokeAllSessions() {
  return useMutation({ mutationFn: revokeAllSessions });
}
