import { eq } from "drizzle-orm";
import type { Db } from "../../src/db/client.ts";
import { redeems } from "../../src/db/schema/index.ts";
import { newId } from "../../src/lib/ids.ts";
import { debitRedeem } from "../../src/modules/ledger/index.ts";

/**
 * A redeem of `userId` in app `adminId`, written straight to the database: a Pending one has its cost
 * debited in the same transaction, as a real request would; a Rejected one holds no points. Answers its id.
 */
export async function insertRedeem(
  db: Db,
  {
    adminId,
    userId,
    cost = 100,
    itemId = null,
    status = 0,
  }: { adminId: string; userId: string; cost?: number; itemId?: string | null; status?: 0 | 2 },
) {
  const id = newId();
  await db.transaction(async (tx) => {
    await tx.insert(redeems).values({
      id,
      adminId,
      userId,
      redeemEmail: `${id}@user.test`,
      rewardName: "Amazon Gift Card",
      rewardAmount: "$5",
      rewardCost: cost,
      rewardItemId: itemId,
      status,
    });
    if (status === 0) await debitRedeem(tx, { adminId, userId, redeemId: id, points: cost });
  });
  return id;
}

/** The redeem's row as stored, or undefined. */
export const redeemRow = async (db: Db, id: string) =>
  (await db.select().from(redeems).where(eq(redeems.id, id)))[0];
