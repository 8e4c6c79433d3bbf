import { type Giveaway, type GiveawayBody, giveawayBodySchema, giveawayEndpoints } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { saveRecord } from "../../../lib/save-record";
import { giveawayKeys } from "./keys";

export type SaveGiveawayInput = { id: string | undefined; body: GiveawayBody };

/** One card's fields; the first save of either card creates the record. */
export function saveGiveaway({ id, body }: SaveGiveawayInput): Promise<Giveaway> {
  return saveRecord<Giveaway>({
    id,
    create: giveawayEndpoints.create,
    update: giveawayEndpoints.update,
    answerName: "giveaway",
    body: giveawayBodySchema.parse(body),
  });
}

export function useSaveGiveaway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGiveaway,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: giveawayKeys.all }),
  });
}
