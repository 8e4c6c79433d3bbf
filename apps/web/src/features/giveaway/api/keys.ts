import { queryRoots } from "../../../lib/query-roots";
/** Every giveaway query starts with "giveaway"; a save invalidates them all. */
export const giveawayKeys = {
  all: queryRoots.giveaway,
  details: (adminId: string) => [...giveawayKeys.all, adminId] as const,
};
