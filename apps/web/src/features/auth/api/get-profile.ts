import { profileEndpoints } from "@rewards/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { call } from "../../../lib/api-client";
import { useAuthStore } from "../../../lib/auth-store";
import { showLanguage } from "../../../lib/i18n";
import { showTimeZone } from "../../../lib/language";
import { authKeys } from "./keys";

export function getProfileQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: authKeys.profile(),
    queryFn: ({ signal }) => call(profileEndpoints.me, {}, { signal }),
    enabled,
  });
}

/**
 * Once a token is held, the profile is fetched and kept in the auth store; its language and its app's
 * time zone are what the dashboard shows.
 */
export function useProfile() {
  const authToken = useAuthStore((state) => state.authToken);
  const setUser = useAuthStore((state) => state.setUser);
  const query = useQuery(getProfileQueryOptions(Boolean(authToken)));

  useEffect(() => {
    if (!query.data) return;
    // Set before the user, so the screens it lets in show their first dates in the app's zone.
    showTimeZone(query.data.timeZone);
    setUser(query.data);
    // The profile's language wins over this browser's: the member chose it, maybe elsewhere.
    void showLanguage(query.data.language);
  }, [query.data, setUser]);

  return query;
}
