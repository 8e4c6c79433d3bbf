import { payoutEndpoints } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { payoutKeys, stockShownElsewhere } from "./keys";

export type ImportCodesInput = { itemId: string; csv: string; dryRun: boolean };

/** Checks (dryRun) or imports the codes of a CSV text; an import refreshes the stock wherever it shows. */
export function useImportCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, csv, dryRun }: ImportCodesInput) =>
      call(payoutEndpoints.importCodes, {
        params: { itemId },
        query: { dryRun: dryRun ? "true" : "false" },
        body: { csv },
      }),
    onSuccess: (answer, { itemId }) => {
      if (answer.dryRun) return;
      return Promise.all(
        [payoutKeys.item(itemId), ...stockShownElsewhere].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
