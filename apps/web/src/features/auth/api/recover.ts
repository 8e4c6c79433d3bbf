import { type RecoverBody, recoverBodySchema } from "@rewards/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type RecoverAnswer = { message?: string };

export function recover(body: RecoverBody): Promise<RecoverAnswer> {
  return api.post<RecoverAnswer>("/api/users/auth/recover", recoverBodySchema.parse(body));
}

export function useRecover() {
  return useMutation({ mutationFn: recover });
}
