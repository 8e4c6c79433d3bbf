import { messages } from "@rewards/contract";
import { and, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { rateLimitCounters } from "../db/schema/index.ts";
import { AppError } from "./errors.ts";

/**
 * `points` attempts per window of `durationSeconds`. With `backoffMaxSeconds`, every attempt made while
 * the limit is used up pushes the window's end out: to one window from now, then two, four, … up to that
 * cap. A client that waits for Retry-After keeps its normal rate; one that keeps hammering waits longer.
 */
export type Limit = { points: number; durationSeconds: number; backoffMaxSeconds?: number };

/** Guards for sign-in, 2FA codes and recovery, counted in the database (docs/rate-limits.md). */
export type RateLimits = {
  /** Every admin sign-in attempt from one IP. */
  loginPerIp: Limit;
  /** Wrong passwords for one admin account from one IP: an attacker's IP cannot lock the owner out. */
  loginFailuresPerAccountIp: Limit;
  /** Wrong passwords for one admin account from anywhere: slower, against guesses spread over many IPs. */
  loginFailuresPerAccount: Limit;
  registerPerIp: Limit;
  recoverPerIp: Limit;
  recoverPerEmail: Limit;
  /** Every 2FA code (or recovery code) attempt from one IP. */
  mfaCodePerIp: Limit;
  /** Wrong 2FA codes for one admin account. */
  mfaCodeFailuresPerAccount: Limit;
  /** The mobile app's sign-up and sign-in (/app/v1), per IP and per device id (GAID or Android id). */
  appSignUpPerIp: Limit;
  appSignUpPerDevice: Limit;
  appSignInPerIp: Limit;
  appSignInPerDevice: Limit;
  /** Wrong passwords for one app user (tenant and e-mail) from one IP, and from anywhere. */
  appSignInFailuresPerAccountIp: Limit;
  appSignInFailuresPerAccount: Limit;
};

const minutes = (n: number) => n * 60;
const hours = (n: number) => n * 60 * 60;

export const defaultRateLimits: RateLimits = {
  loginPerIp: { points: 60, durationSeconds: minutes(15), backoffMaxSeconds: hours(1) },
  loginFailuresPerAccountIp: { points: 10, durationSeconds: minutes(15), backoffMaxSeconds: hours(24) },
  // No backoff: guesses from many IPs must not keep the owner out for longer than the hour.
  loginFailuresPerAccount: { points: 100, durationSeconds: hours(1) },
  registerPerIp: { points: 20, durationSeconds: hours(1) },
  recoverPerIp: { points: 20, durationSeconds: hours(1) },
  recoverPerEmail: { points: 5, durationSeconds: hours(1) },
  mfaCodePerIp: { points: 30, durationSeconds: minutes(15), backoffMaxSeconds: hours(1) },
  // Whoever reaches this step knows the password: a million codes, so few guesses and a long backoff.
  mfaCodeFailuresPerAccount: { points: 5, durationSeconds: minutes(15), backoffMaxSeconds: hours(24) },
  // Carriers put many phones behind one address, so the per-IP limits leave room for a crowd.
  appSignUpPerIp: { points: 30, durationSeconds: hours(1) },
  appSignUpPerDevice: { points: 3, durationSeconds: hours(24) },
  appSignInPerIp: { points: 120, durationSeconds: minutes(15), backoffMaxSeconds: hours(1) },
  appSignInPerDevice: { points: 20, durationSeconds: minutes(15) },
  appSignInFailuresPerAccountIp: { points: 10, durationSeconds: minutes(15), backoffMaxSeconds: hours(24) },
  appSignInFailuresPerAccount: { points: 100, durationSeconds: hours(1) },
};

function tooMany(waitSeconds: number): AppError {
  return new AppError(429, messages.tooManyRequests, undefined, {
    "retry-after": String(Math.max(1, Math.ceil(waitSeconds))),
  });
}

/** Seconds until the row's window ends, at least 1 (for Retry-After). */
const waitSeconds = sql<number>`greatest(1, ceil(extract(epoch from (${rateLimitCounters.resetAt} - now()))))::int`;

export type Guard = {
  /**
   * Counts one attempt, then throws 429 if it is past the limit. One atomic statement, so a burst of
   * concurrent attempts (from any number of processes) never lets more than the limit through.
   */
  hit(key: string): Promise<void>;
  /** Throws 429 when the limit is already used up, without counting. */
  check(key: string): Promise<void>;
  /** Forgets the key (e.g. the right password after some wrong ones). */
  clear(key: string): Promise<void>;
  /** Takes back one counted attempt: a hit made before a check that then succeeded. */
  forgive(key: string): Promise<void>;
};

export type GuardOptions = {
  /** Expired rows are deleted at most this often per process (1000 at a time), during a hit. */
  sweepEveryMs?: number;
};

const sweepBatch = 1000;

/**
 * One guard per limit, all in the table rate_limit_counters; each guard's keys start with its name, so
 * the same IP or e-mail counts separately for each limit.
 */
export function createGuards(db: Db, limits: RateLimits, options: GuardOptions = {}) {
  const sweepEveryMs = options.sweepEveryMs ?? 60_000;
  let lastSweep = 0;

  /**
   * Expired rows mean nothing (a hit on one starts over), so deleting them changes no answer. A full
   * batch means more are waiting: the next hit sweeps again, so the table keeps up with a flood.
   */
  async function sweep() {
    if (Date.now() - lastSweep < sweepEveryMs) return;
    lastSweep = Date.now();
    const isExpired = lte(rateLimitCounters.resetAt, sql`now()`);
    const expired = db
      .select({ key: rateLimitCounters.key })
      .from(rateLimitCounters)
      .where(isExpired)
      .limit(sweepBatch);
    // Expiry is checked again on delete: a row another process has just restarted is kept.
    const deleted = await db
      .delete(rateLimitCounters)
      .where(and(inArray(rateLimitCounters.key, expired), isExpired))
      .returning({ key: rateLimitCounters.key });
    if (deleted.length === sweepBatch) lastSweep = 0;
  }

  function createGuard(name: string, limit: Limit): Guard {
    const { points, durationSeconds } = limit;
    const backoffMax = limit.backoffMaxSeconds ?? 0;
    const window = sql`make_interval(secs => ${durationSeconds}::float8)`;
    const row = {
      hits: rateLimitCounters.hits,
      resetAt: rateLimitCounters.resetAt,
    };
    // The n-th attempt past the limit waits 2^(n-1) windows from now, up to the cap (0: no backoff,
    // the window's end stays put). The exponent is bounded so the arithmetic cannot overflow.
    const backoffUntil = sql`now() + make_interval(secs => least(${backoffMax}::float8,
      ${durationSeconds}::float8 * power(2, least(${row.hits} - ${points}::int, 30))))`;
    const keyOf = (key: string) => `${name}:${key}`;

    return {
      async hit(key) {
        const [counted] = await db
          .insert(rateLimitCounters)
          .values({ key: keyOf(key), hits: 1, resetAt: sql`now() + ${window}` })
          .onConflictDoUpdate({
            target: rateLimitCounters.key,
            set: {
              // Bounded, so a flood cannot overflow the integer.
              hits: sql`case when ${row.resetAt} <= now() then 1
                else ${row.hits} + (${row.hits} < 1000000000)::int end`,
              resetAt: sql`case when ${row.resetAt} <= now() then now() + ${window}
                when ${row.hits} >= ${points}::int then greatest(${row.resetAt}, ${backoffUntil})
                else ${row.resetAt} end`,
            },
          })
          .returning({ hits: rateLimitCounters.hits, waitSeconds });
        await sweep();
        if (counted && counted.hits > points) throw tooMany(counted.waitSeconds);
      },

      async check(key) {
        const [current] = await db
          .select({ hits: rateLimitCounters.hits, waitSeconds })
          .from(rateLimitCounters)
          .where(and(eq(rateLimitCounters.key, keyOf(key)), gt(rateLimitCounters.resetAt, sql`now()`)));
        if (current && current.hits >= points) throw tooMany(current.waitSeconds);
      },

      async clear(key) {
        await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, keyOf(key)));
      },

      async forgive(key) {
        await db
          .update(rateLimitCounters)
          .set({ hits: sql`greatest(${rateLimitCounters.hits} - 1, 0)` })
          .where(and(eq(rateLimitCounters.key, keyOf(key)), gt(rateLimitCounters.resetAt, sql`now()`)));
      },
    };
  }

  const guards = Object.fromEntries(
    Object.entries(limits).map(([name, limit]) => [name, createGuard(name, limit)]),
  ) as Record<keyof RateLimits, Guard>;
  return guards;
}
export type Guards = ReturnType<typeof createGuards>;

export type SignInGuards = { perIp: Guard; perAccountIp?: Guard; perAccount: Guard };

/**
 * Counts a sign-in (or 2FA code) attempt BEFORE the secret is checked, per IP, per (account, IP) and per
 * account, in that order: an attempt refused per IP does not use up the account's allowance. Counting
 * first is what makes concurrent guesses safe. Call `succeeded` once the secret proved right: the
 * account's own attempts from this IP are forgotten, and this one no longer counts for the account.
 */
export async function countSignInAttempt(
  guards: SignInGuards,
  { account, ip, scope = "" }: { account: string; ip: string /** e.g. the tenant's id */; scope?: string },
) {
  // An IP never holds "|"; an e-mail may, so it goes last.
  const keys = { ip: `${scope}${ip}`, accountIp: `${scope}${ip}|${account}`, account: `${scope}${account}` };
  await guards.perIp.hit(keys.ip);
  await guards.perAccountIp?.hit(keys.accountIp);
  await guards.perAccount.hit(keys.account);
  return {
    async succeeded() {
      await guards.perAccountIp?.clear(keys.accountIp);
      await guards.perAccount.forgive(keys.account);
    },
  };
}
