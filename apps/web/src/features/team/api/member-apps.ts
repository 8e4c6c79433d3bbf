import { profileEndpoints } from "@rewards/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { useAuthStore } from "../../../lib/auth-store";
import { t } from "../../../lib/i18n";
import { showError } from "../../../lib/show-error";
import { teamKeys } from "./keys";

export function getMemberAppsQueryOptions() {
  return queryOptions({
    queryKey: teamKeys.apps(),
    queryFn: ({ signal }) => call(profileEndpoints.apps, {}, { signal }),
  });
}

/** The apps the signed-in account belongs to, with its role in each. */
export function useMemberApps() {
  return useQuery(getMemberAppsQueryOptions());
}

/**
 * Acting in another app: the answer's token replaces the stored one (the old session ends), and every
 * cached answer of the previous app is dropped; the profile is then asked again. `onSwitched` runs
 * here rather than in a mutate() callback: the dashboard's frame (the switcher with it) unmounts while
 * the new profile loads, and a mutate() callback of an unmounted component never runs.
 */
export function useSwitchApp(onSwitched: (appId: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (appId: string) => call(profileEndpoints.switchApp, { params: { appId } }),
    onSuccess: ({ accessToken }, appId) => {
      queryClient.removeQueries();
      useAuthStore.getState().setToken(accessToken);
      onSwitched(appId);
    },
    onError: (error) => showError(t("team.error.switch"), error),
  });
}
