import {
  type GeneralConfig,
  type GeneralConfigBody,
  generalConfigBodySchema,
  settingsEndpoints,
} from "@rewards/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { queryRoots } from "../../../lib/query-roots";
import { saveRecord } from "../../../lib/save-record";
import { settingsKeys } from "./keys";

/** Before the first save the server answers the defaults, without _id. */
export function getGeneralConfigQueryOptions(adminId: string) {
  return queryOptions({
    queryKey: settingsKeys.general(adminId),
    queryFn: ({ signal }) => call(settingsEndpoints.general, { params: { adminId } }, { signal }),
  });
}

export const useGeneralConfig = (adminId: string) => useQuery(getGeneralConfigQueryOptions(adminId));

export function saveGeneralConfig({ id, body }: { id: string | undefined; body: GeneralConfigBody }) {
  return saveRecord<GeneralConfig>({
    id,
    create: settingsEndpoints.createGeneral,
    update: settingsEndpoints.updateGeneral,
    answerName: "settingconfig",
    body: generalConfigBodySchema.parse(body),
  });
}

export function useSaveGeneralConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGeneralConfig,
    onSuccess: () => {
      // Analytics counts days in the reporting time zone the form holds.
      void queryClient.invalidateQueries({ queryKey: queryRoots.analytics });
      return queryClient.invalidateQueries({ queryKey: settingsKeys.generals() });
    },
  });
}
