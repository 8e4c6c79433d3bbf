import { type AppUserUpdateBody, appUserEndpoints, appUserUpdateBodySchema } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { refreshProfile } from "../../../lib/current-admin";
import { appUserKeys } from "./keys";

export type UpdateAppUserInput = { id: string; body: AppUserUpdateBody };

/** Errors are the caller's to show: field errors go onto the form, the rest into a notification. */
export function useUpdateAppUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: UpdateAppUserInput) =>
      call(appUserEndpoints.update, { params: { id }, body: appUserUpdateBodySchema.parse(body) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appUserKeys.all }),
    // An adjustment, made or refused, changes what a support agent may still adjust: ask the profile again.
    onSettled: (_answer, _error, { body }) => {
      if ((body.pointsDelta ?? 0) !== 0) refreshProfile(queryClient);
    },
  });
}
