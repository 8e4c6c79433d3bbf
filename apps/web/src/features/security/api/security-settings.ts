import { adminEndpoints, type SecuritySettings, securitySettingsSchema } from "@rewards/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { refreshProfile } from "../../../lib/current-admin";
import { securityKeys } from "./keys";

export function getSecuritySettingsQueryOptions() {
  return queryOptions({
    queryKey: securityKeys.settings(),
    queryFn: ({ signal }) => call(adminEndpoints.security, {}, { signal }),
  });
}

export function useSecuritySettings() {
  return useQuery(getSecuritySettingsQueryOptions());
}

export function useSaveSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SecuritySettings) =>
      call(adminEndpoints.saveSecurity, { body: securitySettingsSchema.parse(body) }),
    onSuccess: (settings) => {
      queryClient.setQueryData(securityKeys.settings(), settings);
      // The owner's own profile says whether 2FA is required.
      refreshProfile(queryClient);
    },
  });
}
