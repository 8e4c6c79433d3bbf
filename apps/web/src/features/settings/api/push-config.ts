import type { PushBody, PushConfig } from "@rewards/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { saveRecord } from "../../../lib/save-record";
import { settingsKeys } from "./keys";

export function getPushConfigQueryOptions(adminId: string) {
  return queryOptions({
    queryKey: settingsKeys.push(adminId),
    queryFn: ({ signal }) =>
      api.get<PushConfig>(`/api/setting/push/${encodeURIComponent(adminId)}`, { signal }),
  });
}

export const usePushConfig = (adminId: string) => useQuery(getPushConfigQueryOptions(adminId));

export function savePushConfig({ id, body }: { id: string | undefined; body: PushBody }) {
  return saveRecord<PushConfig>({
    id,
    createPath: "/api/setting/push/",
    updatePath: "/api/setting/push",
    answerName: "pushconfig",
    body,
  });
}

export function useSavePushConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePushConfig,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...settingsKeys.all, "push"] }),
  });
}
