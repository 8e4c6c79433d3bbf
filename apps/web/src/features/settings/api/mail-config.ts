import { type MailBody, type MailConfig, mailBodySchema, settingsEndpoints } from "@rewards/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { saveRecord } from "../../../lib/save-record";
import { settingsKeys } from "./keys";

export function getMailConfigQueryOptions(adminId: string) {
  return queryOptions({
    queryKey: settingsKeys.mail(adminId),
    queryFn: ({ signal }) => call(settingsEndpoints.mail, { params: { adminId } }, { signal }),
  });
}

export const useMailConfig = (adminId: string) => useQuery(getMailConfigQueryOptions(adminId));

export function saveMailConfig({ id, body }: { id: string | undefined; body: MailBody }) {
  return saveRecord<MailConfig>({
    id,
    create: settingsEndpoints.createMail,
    update: settingsEndpoints.updateMail,
    answerName: "mailconfig",
    body: mailBodySchema.parse(body),
  });
}

export function useSaveMailConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMailConfig,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.mails() }),
  });
}
