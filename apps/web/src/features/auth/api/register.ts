import { type AccessTokenAnswer, type RegisterBody, registerBodySchema } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { useAuthStore } from "../../../lib/auth-store";
import { profileQueryKey } from "./get-profile";

/** Only the first account (the owner) gets a token; later ones answer 403 until approved. */
export function register(body: RegisterBody): Promise<AccessTokenAnswer> {
  return api.post<AccessTokenAnswer>("/api/users/register", registerBodySchema.parse(body));
}

export function useRegister() {
  const queryClient = useQueryClient();
  const setToken = useAuthStore((state) => state.setToken);
  return useMutation({
    mutationFn: register,
    onSuccess: ({ accessToken }) => {
      queryClient.removeQueries({ queryKey: profileQueryKey });
      setToken(accessToken);
    },
  });
}
