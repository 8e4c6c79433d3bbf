import {
  type MfaCodeBody,
  type MfaEnableAnswer,
  type MfaSetupAnswer,
  mfaCodeBodySchema,
} from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { useAuthStore } from "../../../lib/auth-store";
import { profileQueryKey } from "../../auth/api/get-profile";

/** A new secret, not active until a first code confirms it. */
export function setupMfa(): Promise<MfaSetupAnswer> {
  return api.post<MfaSetupAnswer>("/api/profile/mfa/setup");
}

export function enableMfa(body: MfaCodeBody): Promise<MfaEnableAnswer> {
  return api.post<MfaEnableAnswer>("/api/profile/mfa/enable", mfaCodeBodySchema.parse(body));
}

export function disableMfa(body: MfaCodeBody): Promise<unknown> {
  return api.post("/api/profile/mfa/disable", mfaCodeBodySchema.parse(body));
}

export function useSetupMfa() {
  return useMutation({ mutationFn: setupMfa });
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
  return () => {
    // At once, so a screen that requires enrolment lets the administrator through before the refetch.
    const { user, setUser } = useAuthStore.getState();
    if (user) setUser({ ...user, mfaEnabled: true });
    void queryClient.invalidateQueries({ queryKey: profileQueryKey });
  };
}

export function useDisableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableMfa,
    onSuccess: () => {
      const { user, setUser } = useAuthStore.getState();
      if (user) setUser({ ...user, mfaEnabled: false });
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
}
