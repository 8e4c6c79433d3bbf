import {
  type GeneralConfig,
  type GeneralConfigBody,
  generalConfigBodySchema,
  settingsEndpoints,
} from "@rewards/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { profileQueryKey } from "../../../lib/current-admin";
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
      // Analytics counts days in the reporting time zone the form holds; a redeem's e-mail draft is in the
      // app's e-mail language when its user's is unknown.
      void queryClient.invalidateQueries({ queryKey: queryRoots.analytics });
      void queryClient.invalidateQueries({ queryKey: queryRoots.redeems });
      // The profile carries the app's time zone, which every date on the dashboard is shown in.
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      return queryClient.invalidateQueries({ queryKey: settingsKeys.generals() });
    },
  });
}
