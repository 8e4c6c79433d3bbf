import { type NetworkBody, type NetworkConfig, networkEndpoints } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { saveRecord } from "../../../lib/save-record";
import { networkKeys } from "./keys";

export type SaveNetworkInput = { id: string | undefined; body: NetworkBody };

export function saveNetwork({ id, body }: SaveNetworkInput): Promise<NetworkConfig> {
  return saveRecord<NetworkConfig>({
    id,
    create: networkEndpoints.create,
    update: networkEndpoints.update,
    answerName: "network",
    body,
  });
}

export function useSaveNetwork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNetwork,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: networkKeys.configs() }),
  });
}
