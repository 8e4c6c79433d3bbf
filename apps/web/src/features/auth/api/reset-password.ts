import { authEndpoints, type ResetBody, resetBodySchema } from "@rewards/contract";
import { useMutation } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";

export function resetPassword(token: string, body: ResetBody) {
  return call(authEndpoints.resetPassword, { params: { token }, body: resetBodySchema.parse(body) });
}

export function useResetPassword(token: string) {
  return useMutation({ mutationFn: (body: ResetBody) => resetPassword(token, body) });
}
