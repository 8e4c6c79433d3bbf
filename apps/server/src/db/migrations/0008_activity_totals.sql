CREATE TABLE "activity_totals" (
	"admin_id" uuid NOT NULL,
	"shard" smallint NOT NULL,
	"users" integer DEFAULT 0 NOT NULL,
	"offers" integer DEFAULT 0 NOT NULL,
	"revenue" numeric(18, 4) DEFAULT 0 NOT NULL,
	"redeems" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "activity_totals_admin_id_shard_pk" PRIMARY KEY("admin_id","shard")
);
--> statement-breakpoint
-- Every slot move also moves the tenant's all-time totals, on the same shard, at the same commit.
CREATE OR REPLACE FUNCTION activity_add(p_admin uuid, p_at timestamptz, p_shard smallint, p_users integer, p_offers integer, p_revenue numeric, p_redeems integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO activity_buckets (admin_id, bucket_start, shard, users, offers, revenue, redeems)
  VALUES (p_admin, activity_bucket(p_at), p_shard, p_users, p_offers, p_revenue, p_redeems)
  ON CONFLICT (admin_id, bucket_start, shard) DO UPDATE SET
    users = activity_buckets.users + EXCLUDED.users,
    offers = activity_buckets.offers + EXCLUDED.offers,
    revenue = activity_buckets.revenue + EXCLUDED.revenue,
    redeems = activity_buckets.redeems + EXCLUDED.redeems;
  INSERT INTO activity_totals (admin_id, shard, users, offers, revenue, redeems)
  VALUES (p_admin, p_shard, p_users, p_offers, p_revenue, p_redeems)
  ON CONFLICT (admin_id, shard) DO UPDATE SET
    users = activity_totals.users + EXCLUDED.users,
    offers = activity_totals.offers + EXCLUDED.offers,
    revenue = activity_totals.revenue + EXCLUDED.revenue,
    redeems = activity_totals.redeems + EXCLUDED.redeems
$$;
--> statement-breakpoint
-- Rebuilds one tenant's slots and totals from the tables (after a bulk load that ran with triggers disabled).
CREATE OR REPLACE FUNCTION activity_rebuild(p_admin uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM activity_buckets WHERE admin_id = p_admin;
  INSERT INTO activity_buckets (admin_id, bucket_start, shard, users, offers, revenue, redeems)
  SELECT p_admin, slot, shard, sum(users), sum(offers), sum(revenue), sum(redeems) FROM (
    SELECT activity_bucket(created_at) AS slot, activity_shard(id) AS shard, 1 AS users, 0 AS offers, 0::numeric AS revenue, 0 AS redeems
      FROM app_users WHERE admin_id = p_admin
    UNION ALL
    SELECT activity_bucket(date), activity_shard(id), 0, 1, CASE WHEN status = 'credited' THEN payout ELSE 0 END, 0
      FROM completed_offers WHERE admin_id = p_admin
    UNION ALL
    SELECT activity_bucket(redeem_date), activity_shard(id), 0, 0, 0, 1
      FROM redeems WHERE admin_id = p_admin
  ) AS moves GROUP BY slot, shard;
  DELETE FROM activity_totals WHERE admin_id = p_admin;
  INSERT INTO activity_totals (admin_id, shard, users, offers, revenue, redeems)
  SELECT p_admin, shard, sum(users), sum(offers), sum(revenue), sum(redeems)
    FROM activity_buckets WHERE admin_id = p_admin GROUP BY shard;
$$;
--> statement-breakpoint
INSERT INTO activity_totals (admin_id, shard, users, offers, revenue, redeems)
SELECT admin_id, shard, sum(users), sum(offers), sum(revenue), sum(redeems) FROM activity_buckets GROUP BY admin_id, shard;
