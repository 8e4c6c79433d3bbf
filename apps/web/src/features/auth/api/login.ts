import {
  authEndpoints,
  type LoginBody,
  loginBodySchema,
  loginSubmitDelayMs,
  type MfaLoginBody,
  mfaLoginBodySchema,
} from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { useAuthStore } from "../../../lib/auth-store";
import { authKeys } from "./keys";

/** An access token, or (two-factor sign-in on) the token of the second step. */
export function login(body: LoginBody) {
  // A 401 here is a wrong password, not an expired session.
  return call(authEndpoints.login, { body: loginBodySchema.parse(body) }, { skipAuthRedirect: true });
}

/** The second step: the code from the authenticator app, or a recovery code. */
export function loginMfa(body: MfaLoginBody) {
  return call(authEndpoints.loginMfa, { body: mfaLoginBodySchema.parse(body) }, { skipAuthRedirect: true });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function useStoreToken() {
  const queryClient = useQueryClient();
  const setToken = useAuthStore((state) => state.setToken);
  return (accessToken: string) => {
    queryClient.removeQueries({ queryKey: authKeys.profile() });
    setToken(accessToken);
  };
}

export function useLogin({ delayMs = loginSubmitDelayMs }: { delayMs?: number } = {}) {
  const storeToken = useStoreToken();
  return useMutation({
    // The spinner shows for a fixed delay before the request goes out.
    mutationFn: async (body: LoginBody) => {
      await wait(delayMs);
      return login(body);
    },
    // With two-factor sign-in on there is no token yet: the form asks for the code.
    onSuccess: (answer) => {
      if ("accessToken" in answer) storeToken(answer.accessToken);
    },
  });
}

export function useLoginMfa() {
  const storeToken = useStoreToken();
  return useMutation({
    mutationFn: loginMfa,
    onSuccess: ({ accessToken }) => storeToken(accessToken),
  });
}
