import type { Fulfilment, Payout, PayoutJob, PayoutState } from "@rewards/contract";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { payoutJobs, payouts } from "../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";
import type { PayoutRow } from "./payout-outcome.ts";

export type NewPayout = {
  appId: string;
  redeemId: string;
  method: Fulfilment;
  jobId?: string | null;
  requestedByAdminId?: string | null;
  /** Refused at once: a failed payout with its reason (a job's result). */
  refused?: string;
};

/**
 * Records payouts: queued ones are the worker's to pay (wake it after the commit); refused ones are
 * failed at once with their reason. A redeem's second active payout breaks the partial unique index.
 */
export async function insertPayouts(tx: Tx, rows: NewPayout[]): Promise<void> {
  if (rows.length === 0) return;
  const now = new Date();
  await tx.insert(payouts).values(
    rows.map((row) => ({
      id: newId(),
      appId: row.appId,
      redeemId: row.redeemId,
      jobId: row.jobId ?? null,
      requestedByAdminId: row.requestedByAdminId ?? null,
      method: row.method,
      status: row.refused ? ("failed" as const) : ("queued" as const),
      message: row.refused ?? null,
      finishedAt: row.refused ? now : null,
    })),
  );
}

/** A "Pay selected": the job row; its payouts name it. */
export async function createPayoutJob(tx: Tx, appId: string, createdBy: string | null, total: number) {
  const id = newId();
  await tx.insert(payoutJobs).values({ id, appId, createdByAdminId: createdBy, total });
  return id;
}

/** The redeems among these with a payout under way. */
export async function redeemsWithActivePayout(tx: Db | Tx, redeemIds: string[]): Promise<Set<string>> {
  if (redeemIds.length === 0) return new Set();
  const rows = await tx
    .select({ redeemId: payouts.redeemId })
    .from(payouts)
    .where(and(inArray(payouts.redeemId, redeemIds), inArray(payouts.status, ["queued", "processing"])));
  return new Set(rows.map((row) => row.redeemId));
}

export const toPayout = (row: PayoutRow): Payout => ({
  redeemId: row.redeemId,
  method: row.method,
  status: row.status,
  message: row.message,
  attempts: row.attempts,
  nextAttemptAt:
    row.status === "queued" || row.status === "processing" ? row.nextAttemptAt.toISOString() : null,
  providerOrderId: row.providerOrderId,
  updatedAt: row.updatedAt.toISOString(),
});

/** A redeem's latest payout (one indexed lookup), or null. */
export async function latestPayout(db: Db | Tx, redeemId: string): Promise<Payout | null> {
  const [row] = await db
    .select()
    .from(payouts)
    .where(eq(payouts.redeemId, redeemId))
    .orderBy(desc(payouts.createdAt))
    .limit(1);
  return row ? toPayout(row) : null;
}

/** A job of this app with each redeem's result (one query, by the job index); null for another app's. */
export async function getPayoutJob(db: Db, appId: string, jobId: string): Promise<PayoutJob | null> {
  const [job] = await db
    .select()
    .from(payoutJobs)
    .where(and(eq(payoutJobs.appId, appId), eq(payoutJobs.id, jobId)));
  if (!job) return null;
  const rows = await db
    .select({
      redeemId: payouts.redeemId,
      status: payouts.status,
      message: payouts.message,
      finishedAt: payouts.finishedAt,
    })
    .from(payouts)
    .where(eq(payouts.jobId, jobId))
    .orderBy(asc(payouts.createdAt), asc(payouts.redeemId))
    .limit(job.total);
  const count = (status: PayoutState) => rows.filter((row) => row.status === status).length;
  const finished = rows.every((row) => row.finishedAt);
  const last = rows.reduce<Date | null>(
    (latest, row) => (row.finishedAt && (!latest || row.finishedAt > latest) ? row.finishedAt : latest),
    null,
  );
  return {
    _id: job.id,
    total: job.total,
    done: count("paid"),
    failed: count("failed"),
    results: rows.map((row) => ({ redeemId: row.redeemId, status: row.status, message: row.message })),
    createdAt: job.createdAt.toISOString(),
    finishedAt: finished ? (last ?? job.createdAt).toISOString() : null,
  };
}
