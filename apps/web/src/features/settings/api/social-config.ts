import { type SocialBody, type SocialConfig, type SocialName, settingsEndpoints } from "@rewards/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { saveRecord } from "../../../lib/save-record";
import { settingsKeys } from "./keys";

export function getSocialConfigQueryOptions(adminId: string, name: SocialName) {
  return queryOptions({
    queryKey: settingsKeys.social(adminId, name),
    queryFn: ({ signal }) => call(settingsEndpoints.social, { params: { adminId, name } }, { signal }),
  });
}

export const useSocialConfig = (adminId: string, name: SocialName) =>
  useQuery(getSocialConfigQueryOptions(adminId, name));

export function saveSocialConfig({ id, body }: { id: string | undefined; body: SocialBody }) {
  return saveRecord<SocialConfig>({
    id,
    create: settingsEndpoints.createSocial,
    update: settingsEndpoints.updateSocial,
    answerName: "socialconfig",
    body,
  });
}

export function useSaveSocialConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSocialConfig,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.socials() }),
  });
}
