import { payoutEndpoints } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { payoutKeys, stockShownElsewhere } from "./keys";

export type DeleteCodeInput = { id: string; itemId: string };

/** Removes an unused code from stock. */
export function useDeleteCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: DeleteCodeInput) => call(payoutEndpoints.deleteCode, { params: { id } }),
    onSuccess: (_answer, { itemId }) =>
      Promise.all(
        [payoutKeys.item(itemId), ...stockShownElsewhere].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
