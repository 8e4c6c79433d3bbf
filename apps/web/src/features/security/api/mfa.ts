import { type MfaCodeBody, mfaCodeBodySchema, profileEndpoints } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { refreshProfile } from "../../../lib/current-admin";

const enableMfa = (body: MfaCodeBody) =>
  call(profileEndpoints.mfaEnable, { body: mfaCodeBodySchema.parse(body) });

const disableMfa = (body: MfaCodeBody) =>
  call(profileEndpoints.mfaDisable, { body: mfaCodeBodySchema.parse(body) });

/** A new secret, not active until a first code confirms it. */
export function useSetupMfa() {
  return useMutation({ mutationFn: () => call(profileEndpoints.mfaSetup) });
}

/**
 * Turning it on does not refresh the profile: the recovery codes show first, and the screen that
 * requires enrolment must not close before they are saved. `useMfaEnrolled` refreshes it after.
 */
export function useEnableMfa() {
  return useMutation({ mutationFn: enableMfa });
}

export function useMfaEnrolled() {
  const queryClient = useQueryClient();
  // At once, so a screen that requires enrolment lets the administrator through before the refetch.
  return () => refreshProfile(queryClient, { mfaEnabled: true });
}

export function useDisableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableMfa,
    onSuccess: () => refreshProfile(queryClient, { mfaEnabled: false }),
  });
}
