import {
  type AccessTokenAnswer,
  type LoginAnswer,
  type LoginBody,
  loginBodySchema,
  loginSubmitDelayMs,
  type MfaLoginBody,
  mfaLoginBodySchema,
} from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { useAuthStore } from "../../../lib/auth-store";
import { profileQueryKey } from "./get-profile";

/** An access token, or (two-factor sign-in on) the token of the second step. */
export function login(body: LoginBody): Promise<LoginAnswer> {
  // A 401 here is a wrong password, not an expired session.
  return api.post<LoginAnswer>("/api/users/login", loginBodySchema.parse(body), {
    skipAuthRedirect: true,
  });
}

/** The second step: the code from the authenticator app, or a recovery code. */
export function loginMfa(body: MfaLoginBody): Promise<AccessTokenAnswer> {
  return api.post<AccessTokenAnswer>("/api/users/login/mfa", mfaLoginBodySchema.parse(body), {
    skipAuthRedirect: true,
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function useStoreToken() {
  const queryClient = useQueryClient();
  const setToken = useAuthStore((state) => state.setToken);
  return (accessToken: string) => {
    queryClient.removeQueries({ queryKey: profileQueryKey });
    setToken(accessToken);
  };
}

export function useLogin({ delayMs = loginSubmitDelayMs }: { delayMs?: number } = {}) {
  const storeToken = useStoreToken();
  return useMutation({
    // SPEC 2.2: the spinner shows for a fixed delay before the request goes out.
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
