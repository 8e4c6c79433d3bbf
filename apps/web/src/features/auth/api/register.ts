import { authEndpoints, type RegisterBody, registerBodySchema } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { useAuthStore } from "../../../lib/auth-store";
import { authKeys } from "./keys";

/** Only the first account (the owner) gets a token; later ones answer 403 until approved. */
export function register(body: RegisterBody) {
  return call(authEndpoints.register, { body: registerBodySchema.parse(body) });
}

export function useRegister() {
  const queryClient = useQueryClient();
  const setToken = useAuthStore((state) => state.setToken);
  return useMutation({
    mutationFn: register,
    onSuccess: ({ accessToken }) => {
      queryClient.removeQueries({ queryKey: authKeys.profile() });
      setToken(accessToken);
    },
  });
}
