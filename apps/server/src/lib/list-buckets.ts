import { type SQL, sql } from "drizzle-orm";

/**
 * The position index's buckets (migration 0024 computes the same in SQL: list_time_bucket and
 * list_number_bucket). Both keep the order of the values, so the rows of the buckets below a bucket are
 * exactly the rows whose sort value is below its lower bound.
 */
export type BucketKind = "hour" | "integer" | "cents";

const hourMs = 3_600_000;

/** An instant's UTC hour since the epoch. */
export function hourBucket(at: Date): number {
  return Math.floor(at.getTime() / hourMs);
}

/** u >= 0: itself below 128, then 64 buckets per power of two (a few hundred for any range). */
function magnitudeBucket(u: bigint): bigint {
  if (u < 128n) return u;
  const m = BigInt(u.toString(2).length - 1);
  return 128n + (m - 7n) * 64n + ((u >> (m - 6n)) - 64n);
}

/** The smallest u >= 0 in magnitude bucket b. */
function magnitudeLow(b: bigint): bigint {
  if (b < 128n) return b;
  return (((b - 128n) % 64n) + 64n) << ((b - 128n) / 64n + 1n);
}

/** Any whole number's bucket; negative values mirror the magnitudes below -1, keeping the order. */
export function numberBucket(value: bigint): bigint {
  return value >= 0n ? magnitudeBucket(value) : -1n - magnitudeBucket(-1n - value);
}

/** The values of number bucket b: from lo (included) to hi (excluded). */
export function numberBounds(bucket: bigint): { lo: bigint; hi: bigint } {
  if (bucket >= 0n) return { lo: magnitudeLow(bucket), hi: magnitudeLow(bucket + 1n) };
  const mirrored = -1n - bucket;
  return { lo: -magnitudeLow(mirrored + 1n), hi: -magnitudeLow(mirrored) };
}

/** Bucket b's bounds as SQL values of the sort column's own type: [lo, hi). */
export function bucketBounds(kind: BucketKind, bucket: number): { lo: SQL; hi: SQL } {
  if (kind === "hour") {
    const at = (hour: number) => sql`${new Date(hour * hourMs).toISOString()}::timestamptz`;
    return { lo: at(bucket), hi: at(bucket + 1) };
  }
  const { lo, hi } = numberBounds(BigInt(bucket));
  // Cents: floor(payout * 100) = c exactly when c / 100 <= payout < (c + 1) / 100.
  return kind === "cents"
    ? { lo: sql`(${lo.toString()}::numeric / 100)`, hi: sql`(${hi.toString()}::numeric / 100)` }
    : { lo: sql`${lo.toString()}::bigint`, hi: sql`${hi.toString()}::bigint` };
}
