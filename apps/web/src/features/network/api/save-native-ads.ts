import { type NativeAds, type NativeAdsBody, nativeAdsBodySchema } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { saveRecord } from "../../../lib/save-record";
import { networkKeys } from "./get-network";

export type SaveNativeAdsInput = { id: string | undefined; body: NativeAdsBody };

export function saveNativeAds({ id, body }: SaveNativeAdsInput): Promise<NativeAds> {
  return saveRecord<NativeAds>({
    id,
    createPath: "/api/nativeAds/",
    updatePath: "/api/nativeAds",
    answerName: "nativeAds",
    body: nativeAdsBodySchema.parse(body),
  });
}

export function useSaveNativeAds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNativeAds,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: networkKeys.nativeAds }),
  });
}
