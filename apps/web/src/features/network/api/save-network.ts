import type { NetworkBody, NetworkConfig } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { saveRecord } from "../../../lib/save-record";
import { networkKeys } from "./get-network";

export type SaveNetworkInput = { id: string | undefined; body: NetworkBody };

export function saveNetwork({ id, body }: SaveNetworkInput): Promise<NetworkConfig> {
  return saveRecord<NetworkConfig>({
    id,
    createPath: "/api/network/",
    updatePath: "/api/network",
    answerName: "network",
    body,
  });
}

export function useSaveNetwork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNetwork,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: networkKeys.all }),
  });
}
