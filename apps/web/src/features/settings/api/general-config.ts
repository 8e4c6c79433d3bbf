import { type GeneralConfig, type GeneralConfigBody, generalConfigBodySchema } from "@rewards/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { saveRecord } from "../../../lib/save-record";
import { settingsKeys } from "./keys";

/** Before the first save the server answers SPEC 9's defaults, without _id. */
export function getGeneralConfigQueryOptions(adminId: string) {
  return queryOptions({
    queryKey: settingsKeys.general(adminId),
    queryFn: ({ signal }) =>
      api.get<GeneralConfig>(`/api/setting/settingconfig/${encodeURIComponent(adminId)}`, { signal }),
  });
}

export const useGeneralConfig = (adminId: string) => useQuery(getGeneralConfigQueryOptions(adminId));

export function saveGeneralConfig({ id, body }: { id: string | undefined; body: GeneralConfigBody }) {
  return saveRecord<GeneralConfig>({
    id,
    createPath: "/api/setting/settingconfig",
    updatePath: "/api/setting/settingconfig",
    answerName: "settingconfig",
    body: generalConfigBodySchema.parse(body),
  });
}

export function useSaveGeneralConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGeneralConfig,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...settingsKeys.all, "general"] }),
  });
}
