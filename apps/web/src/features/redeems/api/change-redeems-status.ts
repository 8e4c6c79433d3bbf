import { type RedeemsStateBody, redeemEndpoints, redeemsStateBodySchema } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { appUsersQueryKey, redeemsKeys } from "./keys";

export function changeRedeemsStatus(body: RedeemsStateBody) {
  return call(redeemEndpoints.changeStatus, { body: redeemsStateBodySchema.parse(body) });
}

/**
 * Errors are the caller's to show (a 409 explains which user cannot pay again). Points move with the
 * status, so app users are refetched too.
 */
export function useChangeRedeemsStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRedeemsStatus,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: redeemsKeys.all }),
        queryClient.invalidateQueries({ queryKey: appUsersQueryKey }),
      ]),
  });
}
