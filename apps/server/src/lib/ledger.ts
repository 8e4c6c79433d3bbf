import type { LedgerReason } from "@rewards/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../db/client.ts";
import { appUsers, pointsLedger } from "../db/schema/index.ts";
import { newId } from "./ids.ts";

export type PointsMove = {
  adminId: string;
  userId: string;
  /** Signed: credits are positive, debits negative. */
  amount: number;
  reason: LedgerReason;
  referenceId?: string | null;
  actorAdminId?: string | null;
};

/**
 * Moves a user's points: one ledger row and the cached balance, in the caller's transaction, so the
 * balance always equals the sum of the ledger. Returns the new balance, or null when no such user.
 */
export async function movePoints(tx: Tx, move: PointsMove): Promise<number | null> {
  if (!Number.isInteger(move.amount)) throw new Error(`points move must be an integer, got ${move.amount}`);
  const [user] = await tx
    .update(appUsers)
    .set({ points: sql`${appUsers.points} + ${move.amount}`, updatedAt: new Date() })
    .where(and(eq(appUsers.id, move.userId), eq(appUsers.adminId, move.adminId)))
    .returning({ points: appUsers.points });
  if (!user) return null;
  await tx.insert(pointsLedger).values({
    id: newId(),
    adminId: move.adminId,
    userId: move.userId,
    amount: move.amount,
    reason: move.reason,
    referenceId: move.referenceId ?? null,
    actorAdminId: move.actorAdminId ?? null,
  });
  return user.points;
}
