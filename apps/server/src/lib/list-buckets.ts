import { type SQL, sql } from "drizzle-orm";

/**
 * The position index's buckets (migrations 0024 and 0027 compute the same in SQL: list_time_bucket,
 * list_number_bucket and list_text_bucket). Each keeps the order of the values, so the rows of the buckets
 * below a bucket are exactly the rows whose sort value is below its lower bound.
 */
export type BucketKind = "hour" | "integer" | "cents" | "text";

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

/** One past the last code point; a text bucket is first * codePoints + second. */
const codePoints = 0x110000;

/**
 * A text's bucket in byte order (collation "C"; in UTF-8 that is code point order): its first two
 * characters' code points, the second 0 when there is none (text never holds a NUL).
 */
export function textBucket(value: string): number {
  const [first, second] = [...value.slice(0, 4)].map((char) => char.codePointAt(0) ?? 0);
  return (first ?? 0) * codePoints + (second ?? 0);
}

/** The code point after cp, over the surrogates (no text holds one). */
const nextCodePoint = (cp: number) => (cp + 1 === 0xd800 ? 0xe000 : cp + 1);

/**
 * The texts of text bucket b: from lo (included) to hi (excluded); no hi past the last code point.
 * Bucket (c, 0) holds the one-character text c alone; the next one starts at c followed by U+0001.
 */
export function textBounds(bucket: number): { lo: string; hi: string | undefined } {
  const first = Math.floor(bucket / codePoints);
  const second = bucket % codePoints;
  const lo = first === 0 ? "" : String.fromCodePoint(first, ...(second === 0 ? [] : [second]));
  if (first === 0) return { lo, hi: "\u0001" };
  if (second + 1 < codePoints) return { lo, hi: String.fromCodePoint(first, nextCodePoint(second)) };
  return { lo, hi: first + 1 < codePoints ? String.fromCodePoint(nextCodePoint(first)) : undefined };
}

/** Bucket b's bounds as SQL values of the sort column's own type: [lo, hi), hi absent when unbounded. */
export function bucketBounds(kind: BucketKind, bucket: number): { lo: SQL; hi: SQL | undefined } {
  if (kind === "text") {
    const { lo, hi } = textBounds(bucket);
    return { lo: sql`${lo}`, hi: hi === undefined ? undefined : sql`${hi}` };
  }
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
