import { bigint, integer, pgTable, primaryKey, smallint, text, uuid } from "drizzle-orm/pg-core";

/**
 * The lists' position index: how many rows each big list holds per sort bucket, with no filter
 * (`filter` '') and per value of each enumerable filter (`status=active`, `network=adgem`…). Summing the
 * buckets before a bound tells exactly how many rows come before it, so a deep page seeks to the bound
 * instead of skipping millions of rows. `sort` '' holds the exact totals (bucket 0). A row's change reaches
 * it through listPositionChanges (below), folded in batches; a read adds the changes not yet folded, so it
 * is exact all the same. Rows written before the fold existed are spread over 8 shards per bucket.
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

/**
 * Rows' moves in the lists' positions, waiting to be folded into list_buckets (decision 0032): a trigger
 * appends one row per change (the list, its sorts, the row's buckets and filters before and after) at the
 * writing transaction's commit, instead of upserting 4 to 6 bucket rows; list_positions_fold adds up
 * hundreds of them at a time. A read of the positions adds this table's moves for its list, sort and
 * filter (list_position_moves), so counts and deep pages stay exact before a fold. No key and no index: it
 * is appended to and emptied whole, and a worker keeps it short.
 */
export const listPositionChanges = pgTable("list_position_changes", {
  list: text("list").notNull(),
  sorts: text("sorts").array().notNull(),
  oldAdminId: uuid("old_admin_id"),
  oldBuckets: bigint("old_buckets", { mode: "number" }).array(),
  oldFilters: text("old_filters").array(),
  newAdminId: uuid("new_admin_id"),
  newBuckets: bigint("new_buckets", { mode: "number" }).array(),
  newFilters: text("new_filters").array(),
});
