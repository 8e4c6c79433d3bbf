import { authEndpoints, type RecoverBody, recoverBodySchema } from "@rewards/contract";
import { useMutation } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";

export function recover(body: RecoverBody) {
  return call(authEndpoints.recover, { body: recoverBodySchema.parse(body) });
}

export function useRecover() {
  return useMutation({ mutationFn: recover });
}
