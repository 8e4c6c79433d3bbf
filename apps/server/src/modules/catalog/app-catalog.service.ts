import type { AppCatalogAnswer } from "@rewards/contract";
import { worldwide } from "@rewards/contract/country-list";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { preparedPerDatabase } from "../../db/prepared.ts";
import { countries, rewardItems, rewards } from "../../db/schema/index.ts";
import { uploadUrl } from "../../lib/uploads.ts";

/** The catalog codes a user may redeem from: their country's, and Worldwide for everyone. */
export const catalogCodesFor = (geo: string | null) => (geo ? [geo, worldwide.code] : [worldwide.code]);

/**
 * The catalog's rows for a user, one statement prepared once per database: each reward of the countries
 * catalogCodesFor names (the user's and Worldwide) with its items, countries by priority (highest first), each country's rewards
 * by priority, each reward's items by price. Index lookups (admin_id, code), (admin_id, country_id, id)
 * and (admin_id, reward_id, id).
 */
const catalogQuery = preparedPerDatabase((db) =>
  db
    .select({
      countryCode: countries.code,
      rewardId: rewards.id,
      name: rewards.name,
      iconUploadId: rewards.iconUploadId,
      itemId: rewardItems.id,
      cost: rewardItems.cost,
      points: rewardItems.points,
    })
    .from(countries)
    .innerJoin(rewards, and(eq(rewards.adminId, countries.adminId), eq(rewards.countryId, countries.id)))
    .leftJoin(
      rewardItems,
      and(eq(rewardItems.adminId, rewards.adminId), eq(rewardItems.rewardId, rewards.id)),
    )
    .where(
      and(
        eq(countries.adminId, sql.placeholder("adminId")),
        sql`${countries.code} = any(${sql.placeholder("codes")}::text[])`,
      ),
    )
    .orderBy(
      desc(countries.priority),
      asc(countries.id),
      desc(rewards.order),
      asc(rewards.id),
      asc(rewardItems.points),
      asc(rewardItems.id),
    )
    .prepare("app_catalog"),
);

/** The rewards a user may redeem (see catalogQuery for the order). */
export async function catalogFor(db: Db, adminId: string, geo: string | null): Promise<AppCatalogAnswer> {
  const rows = await catalogQuery(db).execute({ adminId, codes: catalogCodesFor(geo) });
  const answer: AppCatalogAnswer = { country: geo, rewards: [] };
  for (const row of rows) {
    let reward = answer.rewards.at(-1);
    if (reward?._id !== row.rewardId) {
      reward = {
        _id: row.rewardId,
        name: row.name,
        iconUrl: uploadUrl(row.iconUploadId),
        countryCode: row.countryCode,
        items: [],
      };
      answer.rewards.push(reward);
    }
    if (row.itemId !== null && row.cost !== null && row.points !== null) {
      reward.items.push({ _id: row.itemId, cost: row.cost, points: row.points });
    }
  }
  return answer;
}
