import type { Profile } from "@rewards/contract";
import type { QueryClient } from "@tanstack/react-query";
import { useAuthStore } from "./auth-store";
import { queryRoots } from "./query-roots";

/** The query key of the signed-in administrator's profile (the auth feature fetches it). */
export const profileQueryKey = [...queryRoots.auth, "profile"] as const;

/**
 * After a change to the signed-in administrator's account: the stored profile takes `change` at once
 * (a screen that depends on it need not wait), then the profile is asked again.
 */
export function refreshProfile(queryClient: QueryClient, change: Partial<Profile> = {}) {
  const { user, setUser } = useAuthStore.getState();
  if (user && Object.keys(change).length > 0) setUser({ ...user, ...change });
  void queryClient.invalidateQueries({ queryKey: profileQueryKey });
}

/**
 * The app the session acts in, as the settings calls' `{adminId}` path names it: an app is named by its
 * owner's account id, so for an owner it is their own id, for another member the app's.
 */
export function useCurrentAppId(): string {
  return useAuthStore((state) => state.user?.appId ?? "");
}
