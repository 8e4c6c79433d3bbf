import {
  type AccessTokenAnswer,
  type LoginBody,
  loginBodySchema,
  loginSubmitDelayMs,
} from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { useAuthStore } from "../../../lib/auth-store";
import { profileQueryKey } from "./get-profile";

export function login(body: LoginBody): Promise<AccessTokenAnswer> {
  // A 401 here is a wrong password, not an expired session.
  return api.post<AccessTokenAnswer>("/api/users/login", loginBodySchema.parse(body), {
    skipAuthRedirect: true,
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function useLogin({ delayMs = loginSubmitDelayMs }: { delayMs?: number } = {}) {
  const queryClient = useQueryClient();
  const setToken = useAuthStore((state) => state.setToken);
  return useMutation({
    // SPEC 2.2: the spinner shows for a fixed delay before the request goes out.
    mutationFn: async (body: LoginBody) => {
      await wait(delayMs);
      return login(body);
    },
    onSuccess: ({ accessToken }) => {
      queryClient.removeQueries({ queryKey: profileQueryKey });
      setToken(accessToken);
    },
  });
}
