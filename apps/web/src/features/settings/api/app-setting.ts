import { type AppSetting, type IdentityFields, settingsEndpoints } from "@rewards/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { saveRecord } from "../../../lib/save-record";
import { settingsKeys } from "./keys";

export function getAppSettingQueryOptions(adminId: string) {
  return queryOptions({
    queryKey: settingsKeys.identity(adminId),
    queryFn: ({ signal }) => call(settingsEndpoints.identity, { params: { adminId } }, { signal }),
  });
}

export const useAppSetting = (adminId: string) => useQuery(getAppSettingQueryOptions(adminId));

export type SaveAppSettingInput = {
  id: string | undefined;
  fields: IdentityFields;
  images: { logo?: File | null; favicon?: File | null };
};

/** Multipart: the fields plus whichever images were chosen; an image not sent is kept. */
export function saveAppSetting({ id, fields, images }: SaveAppSettingInput): Promise<AppSetting> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (images.logo) body.append("logo", images.logo);
  if (images.favicon) body.append("favicon", images.favicon);
  return saveRecord<AppSetting>({
    id,
    create: settingsEndpoints.createIdentity,
    update: settingsEndpoints.updateIdentity,
    answerName: "setting",
    body,
  });
}

export function useSaveAppSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAppSetting,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.identities() }),
  });
}
