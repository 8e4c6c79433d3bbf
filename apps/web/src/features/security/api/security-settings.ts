import { type SecuritySettings, securitySettingsSchema } from "@rewards/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { profileQueryKey } from "../../auth/api/get-profile";

export const securitySettingsQueryKey = ["admins", "security"] as const;

export function getSecuritySettings({ signal }: { signal?: AbortSignal } = {}): Promise<SecuritySettings> {
  return api.get<SecuritySettings>("/api/admins/security", { signal });
}

export function getSecuritySettingsQueryOptions() {
  return queryOptions({ queryKey: securitySettingsQueryKey, queryFn: getSecuritySettings });
}

export function useSecuritySettings() {
  return useQuery(getSecuritySettingsQueryOptions());
}

export function saveSecuritySettings(body: SecuritySettings): Promise<SecuritySettings> {
  return api.put<SecuritySettings>("/api/admins/security", securitySettingsSchema.parse(body));
}

export function useSaveSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSecuritySettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(securitySettingsQueryKey, settings);
      // The owner's own profile says whether 2FA is required.
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
}
