import { type ExtendHoldBody, extendHoldBodySchema, payoutEndpoints } from "@rewards/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { appUserKeys } from "./keys";

/** The user's held credits, newest first (the 100 latest). */
export function useUserHolds(userId: string) {
  return useQuery({
    queryKey: appUserKeys.holds(userId),
    queryFn: ({ signal }) => call(payoutEndpoints.userHolds, { params: { id: userId } }, { signal }),
  });
}

/**
 * A release or an extension changes the holds and the user's balances (available, pending): every app
 * user query is refreshed, the holds list and the user's details with it. Errors are the caller's to show.
 */
function useHoldAction<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: appUserKeys.all }),
  });
}

/** Releases a held credit now: its points become spendable (audited). */
export function useReleaseHold() {
  return useHoldAction((holdId: string) => call(payoutEndpoints.releaseHold, { params: { holdId } }));
}

/** Moves a held credit's release date by `days` (audited). */
export function useExtendHold() {
  return useHoldAction(({ holdId, body }: { holdId: string; body: ExtendHoldBody }) =>
    call(payoutEndpoints.extendHold, { params: { holdId }, body: extendHoldBodySchema.parse(body) }),
  );
}
