import { bigint, integer, pgTable, primaryKey, smallint, text, uuid } from "drizzle-orm/pg-core";

/**
 * The lists' position index: how many rows each big list holds per sort bucket, with no filter
 * (`filter` '') and per value of each enumerable filter (`status=active`, `network=adgem`…), kept by
 * database triggers at commit in the same transaction as each write. Summing the buckets before a bound
 * tells exactly how many rows come before it, so a deep page seeks to the bound instead of skipping
 * millions of rows. `sort` '' holds the exact totals (bucket 0). Sharded by the writing transaction over
 * 8 rows per bucket, so concurrent postbacks do not queue on the current hour's row.
 */
export const listBuckets = pgTable(
  "list_buckets",
  {
    adminId: uuid("admin_id").notNull(),
    list: text("list").notNull(),
    sort: text("sort").notNull(),
    filter: text("filter").notNull(),
    bucket: bigint("bucket", { mode: "number" }).notNull(),
    shard: smallint("shard").notNull(),
    rows: integer("rows").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.list, t.sort, t.filter, t.bucket, t.shard] })],
);
