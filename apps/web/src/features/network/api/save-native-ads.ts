import { type NativeAds, type NativeAdsBody, nativeAdsBodySchema, networkEndpoints } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { saveRecord } from "../../../lib/save-record";
import { networkKeys } from "./keys";

export type SaveNativeAdsInput = { id: string | undefined; body: NativeAdsBody };

export function saveNativeAds({ id, body }: SaveNativeAdsInput): Promise<NativeAds> {
  return saveRecord<NativeAds>({
    id,
    create: networkEndpoints.nativeAdsCreate,
    update: networkEndpoints.nativeAdsUpdate,
    answerName: "nativeAds",
    body: nativeAdsBodySchema.parse(body),
  });
}

export function useSaveNativeAds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNativeAds,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: networkKeys.nativeAds() }),
  });
}
