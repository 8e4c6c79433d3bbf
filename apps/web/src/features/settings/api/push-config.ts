import { type PushBody, type PushConfig, settingsEndpoints } from "@rewards/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { saveRecord } from "../../../lib/save-record";
import { settingsKeys } from "./keys";

export function getPushConfigQueryOptions(adminId: string) {
  return queryOptions({
    queryKey: settingsKeys.push(adminId),
    queryFn: ({ signal }) => call(settingsEndpoints.push, { params: { adminId } }, { signal }),
  });
}

export const usePushConfig = (adminId: string) => useQuery(getPushConfigQueryOptions(adminId));

export function savePushConfig({ id, body }: { id: string | undefined; body: PushBody }) {
  return saveRecord<PushConfig>({
    id,
    create: settingsEndpoints.createPush,
    update: settingsEndpoints.updatePush,
    answerName: "pushconfig",
    body,
  });
}

export function useSavePushConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePushConfig,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.pushes() }),
  });
}
