import {
  type Language,
  type RewardMailTemplate,
  type RewardMailTemplateBody,
  type RewardMailTemplates,
  rewardMailTemplateBodySchema,
  settingsEndpoints,
} from "@rewards/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { queryRoots } from "../../../lib/query-roots";
import { settingsKeys } from "./keys";

/** The gift-card e-mail in every language: the app's own text where saved, else the built-in one. */
export function getRewardMailQueryOptions(adminId: string) {
  return queryOptions({
    queryKey: settingsKeys.rewardMail(adminId),
    queryFn: ({ signal }) => call(settingsEndpoints.rewardMail, { params: { adminId } }, { signal }),
  });
}

export const useRewardMail = (adminId: string) => useQuery(getRewardMailQueryOptions(adminId));

type TemplateTarget = { adminId: string; language: Language };

export function saveRewardMail({
  adminId,
  language,
  body,
}: TemplateTarget & { body: RewardMailTemplateBody }) {
  return call(settingsEndpoints.saveRewardMail, {
    params: { adminId, language },
    body: rewardMailTemplateBodySchema.parse(body),
  });
}

/** Drops the app's own text of a language: the answer is the built-in template. */
export function resetRewardMail({ adminId, language }: TemplateTarget) {
  return call(settingsEndpoints.resetRewardMail, { params: { adminId, language } });
}

/**
 * After a save or a reset: the answer is that language's template as it now is, put in the list at once;
 * the redeems' e-mail drafts are written from the templates, so they are read again.
 */
function useTemplateChanged() {
  const queryClient = useQueryClient();
  return (template: RewardMailTemplate, { adminId }: TemplateTarget) => {
    queryClient.setQueryData<RewardMailTemplates>(settingsKeys.rewardMail(adminId), (list) =>
      list
        ? {
            templates: list.templates.map((old) => (old.language === template.language ? template : old)),
          }
        : list,
    );
    return queryClient.invalidateQueries({ queryKey: queryRoots.redeems });
  };
}

export function useSaveRewardMail() {
  const changed = useTemplateChanged();
  return useMutation({ mutationFn: saveRewardMail, onSuccess: changed });
}

export function useResetRewardMail() {
  const changed = useTemplateChanged();
  return useMutation({ mutationFn: resetRewardMail, onSuccess: changed });
}
