import type { Fulfilment } from "@rewards/contract";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { rewardCodes, rewardItems } from "../../db/schema/index.ts";
import { availableCode } from "./codes.service.ts";

/**
 * How a redeem is paid: its reward item's fulfilment. A redeem whose item has since been deleted (or that
 * never had one) is paid by hand, as before items could choose.
 */
export async function fulfilmentOf(db: Db | Tx, adminId: string, itemId: string | null): Promise<Fulfilment> {
  if (!itemId) return "manual";
  return (await fulfilmentsOf(db, adminId, [itemId])).get(itemId) ?? "manual";
}

/** The fulfilment of each of these items, in one query (an id not found is absent: paid by hand). */
export async function fulfilmentsOf(
  db: Db | Tx,
  adminId: string,
  itemIds: string[],
): Promise<Map<string, Fulfilment>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .select({ id: rewardItems.id, fulfilment: rewardItems.fulfilment })
    .from(rewardItems)
    .where(and(eq(rewardItems.adminId, adminId), inArray(rewardItems.id, itemIds)));
  return new Map(rows.map((row) => [row.id, row.fulfilment]));
}

export type StockCode = { id: string; code: string; pin: string | null };

/**
 * Takes the item's next code for this redeem, in the pay's transaction: the unused, unexpired code that
 * expires soonest (codes without an expiry last), then by id. `FOR UPDATE` keeps two concurrent pays from
 * taking one code: without it both would read the same row and both would mark it. `SKIP LOCKED` lets a pay
 * that finds the next row locked by another pay move on to the following free one at once, instead of
 * waiting for that pay to commit, so concurrent pays of one item do not queue behind each other.
 *
 * A redeem that already took a code (paid, then moved back to Pending or Rejected, and paid again) keeps
 * it: that code was e-mailed already and belongs to it. Null when the stock is empty.
 */
export async function takeStockCode(
  tx: Tx,
  adminId: string,
  itemId: string,
  redeemId: string,
): Promise<StockCode | null> {
  const columns = { id: rewardCodes.id, code: rewardCodes.code, pin: rewardCodes.pin };
  const [kept] = await tx
    .select(columns)
    .from(rewardCodes)
    .where(and(eq(rewardCodes.adminId, adminId), eq(rewardCodes.redeemId, redeemId)));
  if (kept) return kept;
  const [next] = await tx
    .select(columns)
    .from(rewardCodes)
    .where(and(eq(rewardCodes.adminId, adminId), eq(rewardCodes.rewardItemId, itemId), availableCode))
    .orderBy(sql`${rewardCodes.expiresOn} asc nulls last`, asc(rewardCodes.id))
    .limit(1)
    .for("update", { skipLocked: true });
  if (!next) return null;
  await tx.update(rewardCodes).set({ usedAt: new Date(), redeemId }).where(eq(rewardCodes.id, next.id));
  return next;
}

/** The PIN of the stock code a redeem was paid with; null when it was paid by hand or the code has none. */
export async function pinOfRedeem(db: Db | Tx, adminId: string, redeemId: string): Promise<string | null> {
  const [row] = await db
    .select({ pin: rewardCodes.pin })
    .from(rewardCodes)
    .where(and(eq(rewardCodes.adminId, adminId), eq(rewardCodes.redeemId, redeemId)));
  return row?.pin ?? null;
}
