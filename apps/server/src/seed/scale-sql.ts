import { sql } from "drizzle-orm";
import type { Tx } from "../db/client.ts";

/**
 * The SQL building blocks of a scale load (scale-data.ts): a user's attributes are pure functions of its
 * number n (a seeded hash), so an offer can name its user, and a user its referrer, without looking
 * anything up. Each phase (scale-users.ts, scale-offers.ts, scale-redeems.ts) puts its statements
 * together from them.
 */

export type ScaleProgress =
  | { kind: "rows"; phase: "users" | "offers" | "redeems"; done: number }
  | { kind: "step"; step: string; seconds: number };

const day = 86_400_000;
const historyDays = 90;
const countries = ["US", "GB", "DE", "FR", "CA", "IN", "BR", "ES", "IT", "NL", "PH", "ID", "MX", "AU", "TR"];

export const textArray = (values: readonly string[]) =>
  `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]`;
/** One element of a literal array, chosen by an integer expression. */
export const pick = (values: readonly string[], index: string) =>
  `(${textArray(values)})[1 + ((${index}) % ${values.length})]`;

/** SQL text of the generator, for one seed and one moment. */
export function generator(options: { users: number; offers: number; seed: number; nowMs: number }) {
  const { users, seed, nowMs } = options;
  const startMs = nowMs - historyDays * day;
  const userStep = Math.floor((historyDays * day - 3_600_000) / users);
  /** A 64-bit hash of n in stream k: the same n and k give the same value for the same seed. */
  const hash = (n: string, k: number) => `hashint8extended((${n})::bigint, ${seed * 100 + k})`;
  /** A number in [0, 1) from n in stream k. */
  const rand = (n: string, k: number) => `((${hash(n, k)} & 9007199254740991)::float8 / 9007199254740992.0)`;
  /** A time-ordered id (UUID version 7 layout) for a moment in milliseconds, its random part from n. */
  const timeId = (ms: string, n: string, k: number) =>
    `(lpad(to_hex((${ms})::bigint), 12, '0') || '7' || lpad(to_hex(${hash(n, k)} & 4095), 3, '0') || ` +
    `to_hex(8 + (${hash(n, k + 1)} & 3)) || lpad(to_hex(${hash(n, k + 2)} & 1152921504606846975), 15, '0'))::uuid`;
  /** Like timeId, with a random part from the database's generator (rows nobody refers to by number). */
  const randomTimeId = (ms: string) =>
    `overlay(replace(gen_random_uuid()::text, '-', '') placing lpad(to_hex((${ms})::bigint), 12, '0') || '7' from 1 for 13)::uuid`;
  const at = (ms: string) => `to_timestamp((${ms})::float8 / 1000)`;

  const user = {
    ms: (n: string) =>
      `(${startMs}::bigint + ((${n}) - 1) * ${userStep}::bigint + floor(${rand(n, 1)} * ${userStep})::bigint)`,
    id: (n: string) => timeId(user.ms(n), n, 2),
    /** Three in ten users (after the first ten) were referred by an earlier user. */
    referrer: (n: string) =>
      `(case when (${n}) > 10 and ${rand(n, 5)} < 0.3 then 1 + floor(${rand(n, 6)} * ((${n}) - 1))::bigint end)`,
    ip: (n: string) =>
      `((1 + (${hash(n, 7)} & 127))::text || '.' || ((${hash(n, 7)} >> 8) & 255)::text || '.' || ` +
      `((${hash(n, 7)} >> 16) & 255)::text || '.' || ((${hash(n, 7)} >> 24) & 255)::text)`,
    geo: (n: string) => pick(countries, `(${hash(n, 8)} & 65535)`),
    /** Two in three on Android. An offer carries its user's device as its platform. */
    device: (n: string) => `(case when ${rand(n, 10)} < 0.65 then 'android' else 'ios' end)`,
  };
  const maxUserAt = (ms: string) =>
    `least(${users}::bigint, greatest(1, ((${ms}) - ${startMs}::bigint) / ${userStep}::bigint))`;
  return { startMs, userStep, hash, rand, timeId, randomTimeId, at, user, maxUserAt };
}

export type ScaleGenerator = ReturnType<typeof generator>;

/** What each phase of a load works with: the transaction, the generator and the load's figures. */
export type ScaleLoad = {
  /** Runs one statement in the load's transaction. */
  run: (query: string) => Promise<unknown>;
  /** The first column of a statement's first row, as a number. */
  count: (query: string) => Promise<number>;
  g: ScaleGenerator;
  /** The administrator's id as an SQL literal. */
  admin: string;
  seed: number;
  nowMs: number;
  batch: number;
  users: number;
  offers: number;
  redeems: number;
  onProgress: (progress: ScaleProgress) => void;
};

/** Runs one step of the load and reports how long it took. */
export async function timed(
  step: string,
  onProgress: (p: ScaleProgress) => void,
  work: () => Promise<unknown>,
) {
  const started = performance.now();
  await work();
  onProgress({ kind: "step", step, seconds: (performance.now() - started) / 1000 });
}

export async function count(tx: Tx, query: string): Promise<number> {
  const result = await tx.execute(sql.raw(query));
  const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  return Number(Object.values(rows[0] ?? {})[0] ?? 0);
}
