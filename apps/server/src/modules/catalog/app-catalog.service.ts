import type { AppCatalogAnswer } from "@rewards/contract";
import { worldwide } from "@rewards/contract/country-list";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { countries, rewardItems, rewards } from "../../db/schema/index.ts";
import { uploadUrl } from "../../lib/uploads.ts";

/** The catalog codes a user may redeem from: their country's, and Worldwide for everyone. */
export const catalogCodesFor = (geo: string | null) => (geo ? [geo, worldwide.code] : [worldwide.code]);

/**
 * The rewards of the user's country and the Worldwide ones: countries by priority (highest first), each
 * country's rewards by priority, each reward's items by price. Three index lookups: (admin_id, code),
 * (admin_id, country_id, id) and (admin_id, reward_id, id).
 */
export async function catalogFor(db: Db, adminId: string, geo: string | null): Promise<AppCatalogAnswer> {
  const offered = await db
    .select({ id: countries.id, code: countries.code })
    .from(countries)
    .where(and(eq(countries.adminId, adminId), inArray(countries.code, catalogCodesFor(geo))))
    .orderBy(desc(countries.priority), asc(countries.id));
  if (offered.length === 0) return { country: geo, rewards: [] };
  const codeOf = new Map(offered.map((country) => [country.id, country.code]));
  const countryRank = new Map(offered.map((country, index) => [country.id, index]));

  const rewardRows = await db
    .select()
    .from(rewards)
    .where(and(eq(rewards.adminId, adminId), inArray(rewards.countryId, [...codeOf.keys()])));
  rewardRows.sort(
    (x, y) =>
      (countryRank.get(x.countryId) ?? 0) - (countryRank.get(y.countryId) ?? 0) ||
      y.order - x.order ||
      x.id.localeCompare(y.id),
  );
  const itemRows =
    rewardRows.length === 0
      ? []
      : await db
          .select()
          .from(rewardItems)
          .where(
            and(
              eq(rewardItems.adminId, adminId),
              inArray(
                rewardItems.rewardId,
                rewardRows.map((reward) => reward.id),
              ),
            ),
          )
          .orderBy(asc(rewardItems.points), asc(rewardItems.id));

  return {
    country: geo,
    rewards: rewardRows.map((reward) => ({
      _id: reward.id,
      name: reward.name,
      iconUrl: uploadUrl(reward.iconUploadId),
      countryCode: codeOf.get(reward.countryId) ?? worldwide.code,
      items: itemRows
        .filter((item) => item.rewardId === reward.id)
        .map((item) => ({ _id: item.id, cost: item.cost, points: item.points })),
    })),
  };
}
