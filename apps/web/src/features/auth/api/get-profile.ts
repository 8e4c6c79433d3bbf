import type { Profile } from "@rewards/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "../../../lib/api-client";
import { useAuthStore } from "../../../lib/auth-store";

export const profileQueryKey = ["auth", "profile"] as const;

export function getProfile({ signal }: { signal?: AbortSignal } = {}): Promise<Profile> {
  return api.get<Profile>("/api/profile/me", { signal });
}

export function getProfileQueryOptions(enabled = true) {
  return queryOptions({ queryKey: profileQueryKey, queryFn: getProfile, enabled });
}

/** SPEC 4: once a token is held, the profile is fetched and kept in the auth store. */
export function useProfile() {
  const authToken = useAuthStore((state) => state.authToken);
  const setUser = useAuthStore((state) => state.setUser);
  const query = useQuery(getProfileQueryOptions(Boolean(authToken)));

  useEffect(() => {
    if (query.data) setUser(query.data);
  }, [query.data, setUser]);

  return query;
}
