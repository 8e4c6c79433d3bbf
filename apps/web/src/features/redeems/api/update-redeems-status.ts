import { type RedeemsStateBody, redeemsStateBodySchema } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { customersQueryKey, redeemsKeys } from "./keys";

export function updateRedeemsStatus(body: RedeemsStateBody): Promise<{ updated: number }> {
  return api.put<{ updated: number }>("/api/redeem/state/ids", redeemsStateBodySchema.parse(body));
}

/**
 * Errors are the caller's to show (a 409 explains which user cannot pay again). Points move with the
 * status, so customers are refetched too.
 */
export function useUpdateRedeemsStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRedeemsStatus,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: redeemsKeys.all }),
        queryClient.invalidateQueries({ queryKey: customersQueryKey }),
      ]),
  });
}
