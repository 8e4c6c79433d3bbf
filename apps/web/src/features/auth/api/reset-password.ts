import { type ResetBody, resetBodySchema } from "@rewards/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type ResetAnswer = { message?: string };

export function resetPassword(token: string, body: ResetBody): Promise<ResetAnswer> {
  return api.post<ResetAnswer>(
    `/api/users/auth/reset/${encodeURIComponent(token)}`,
    resetBodySchema.parse(body),
  );
}

export function useResetPassword(token: string) {
  return useMutation({ mutationFn: (body: ResetBody) => resetPassword(token, body) });
}
