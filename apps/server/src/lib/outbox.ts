import { and, asc, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.ts";
import { mailOutbox } from "../db/schema/index.ts";
import { MailSendError } from "./platform-mail.ts";
import { type RoundObserver, startPollingWorker } from "./polling-worker.ts";

export type OutboxRow = typeof mailOutbox.$inferSelect;

export type OutboxOptions = {
  db: Db;
  log: FastifyBaseLogger;
  /** Delivers one message; throws MailSendError (transient or not) when it does not go out. */
  deliver: (message: OutboxRow) => Promise<string | undefined>;
  pollMs?: number;
  batchSize?: number;
  maxAttempts?: number;
  /** How long a claim lasts: a message claimed by a process that died is tried again after it. */
  claimMs?: number;
  baseBackoffMs?: number;
  observeRound?: RoundObserver;
};

const maxDelayMs = 3_600_000;

/** 1×, 2×, 4×… the base delay, capped at an hour. */
export function backoffMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), maxDelayMs);
}

/** The wait before the next try: the backoff, or longer when the provider asked (429 Retry-After). */
export function retryDelayMs(attempts: number, baseMs: number, requestedMs: number | undefined): number {
  return Math.max(backoffMs(attempts, baseMs), Math.min(requestedMs ?? 0, maxDelayMs));
}

/**
 * Claims due messages: queued ones whose time has come, and sending ones whose claim lapsed. FOR UPDATE
 * SKIP LOCKED lets several processes claim side by side without ever taking the same row.
 */
export async function claimDue(db: Db, batchSize: number, claimMs: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      or(
        and(eq(mailOutbox.status, "queued"), lte(mailOutbox.nextAttemptAt, sql`now()`)),
        and(eq(mailOutbox.status, "sending"), lt(mailOutbox.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(batchSize)
    .for("update", { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({
      status: "sending",
      attempts: sql`${mailOutbox.attempts} + 1`,
      lockedUntil: sql`now() + ${`${claimMs} milliseconds`}::interval`,
      updatedAt: sql`now()`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

/** Sends one claimed message and records the outcome: sent, queued again with backoff, or failed. */
export async function deliverOne(
  options: Required<Omit<OutboxOptions, "log" | "observeRound">> & { log: FastifyBaseLogger },
  row: OutboxRow,
) {
  const { db, deliver, maxAttempts, baseBackoffMs } = options;
  // Only the current claim may record an outcome; a lapsed claim taken over by another process may not.
  const ours = and(
    eq(mailOutbox.id, row.id),
    eq(mailOutbox.status, "sending"),
    eq(mailOutbox.attempts, row.attempts),
  );
  let providerMessageId: string | undefined;
  try {
    providerMessageId = await deliver(row);
  } catch (error) {
    // Only the provider's own refusal is final; anything else (the database read of the tenant's
    // settings failing, say) may pass: tried again, within maxAttempts.
    const transient = error instanceof MailSendError ? error.transient : true;
    const requestedMs = error instanceof MailSendError ? error.retryAfterMs : undefined;
    const reason = (error as Error).message.slice(0, 500);
    const retry = transient && row.attempts < maxAttempts;
    options.log.warn({ outboxId: row.id, attempts: row.attempts, retry, reason }, "mail delivery failed");
    await db
      .update(mailOutbox)
      .set(
        retry
          ? {
              status: "queued",
              nextAttemptAt: new Date(Date.now() + retryDelayMs(row.attempts, baseBackoffMs, requestedMs)),
              lockedUntil: null,
              lastError: reason,
              updatedAt: new Date(),
            }
          : { status: "failed", lockedUntil: null, lastError: reason, updatedAt: new Date() },
      )
      .where(ours);
    return;
  }
  // Recorded apart from the send: the message went out, so a database error here must never mark it
  // failed. It throws instead (the round logs it) and the row stays claimed; when the claim lapses the
  // message is sent again (at least once).
  await db
    .update(mailOutbox)
    .set({
      status: "sent",
      sentAt: new Date(),
      providerMessageId: providerMessageId ?? null,
      lockedUntil: null,
      lastError: null,
      updatedAt: new Date(),
    })
    .where(ours);
}

/** The worker inside the server process: polls, and can be woken at once after a message is queued. */
export function startOutboxWorker(options: OutboxOptions) {
  const settings = {
    pollMs: 1000,
    batchSize: 10,
    maxAttempts: 6,
    claimMs: 120_000,
    baseBackoffMs: 5_000,
    ...options,
  };

  async function drain() {
    for (;;) {
      const rows = await claimDue(settings.db, settings.batchSize, settings.claimMs);
      if (rows.length === 0) return;
      await Promise.all(rows.map((row) => deliverOne(settings, row)));
    }
  }

  return startPollingWorker({
    name: "outbox worker",
    log: settings.log,
    pollMs: settings.pollMs,
    round: drain,
    observeRound: settings.observeRound,
  });
}
export type OutboxWorker = ReturnType<typeof startOutboxWorker>;
