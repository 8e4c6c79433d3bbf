CREATE TABLE "offer_rollup_changes" (
	"admin_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"offer_id" uuid NOT NULL,
	"sign" smallint NOT NULL,
	"status" text NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"payout" numeric(14, 4) NOT NULL,
	"points" bigint NOT NULL,
	"referral_points" bigint NOT NULL,
	"network" text NOT NULL,
	"offer_name" text NOT NULL,
	"geo" text,
	"platform" text
);
--> statement-breakpoint
-- Completed offers' rollups folded in batches (docs/decisions/0031-offer-rollups-in-batches.md). A credit
-- upserted about a dozen rollup rows at its commit: the dashboard's slot, hour and total, five analytics
-- days and four reach sketches; that was a quarter of PostgreSQL's time a postback. Now its trigger appends
-- the offer's change to offer_rollup_changes, and offer_rollups_fold adds up hundreds of changes in one
-- statement a table: one row written per slot, day or sketch a batch, not one per offer.
-- The queue is emptied whole and often: vacuum it after a thousand dead rows, not after a fifth of it.
ALTER TABLE offer_rollup_changes SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000,
  autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 1000);
--> statement-breakpoint
-- The row that went out (-1) and the row that came in (+1). Retention is still marked in the offer's own
-- transaction (by this trigger, at the end of the offer's statement rather than at its commit): it updates
-- the user's own row, which the credit has locked already, and a fold locking many users could deadlock
-- with a credit locking a user and their referrer.
CREATE FUNCTION offer_rollups_queue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO offer_rollup_changes VALUES (OLD.admin_id, OLD.user_id, OLD.id, -1, OLD.status, OLD.date,
      OLD.payout, OLD.points, OLD.referral_points, OLD.network, OLD.offer_name, OLD.geo, OLD.platform);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO offer_rollup_changes VALUES (NEW.admin_id, NEW.user_id, NEW.id, 1, NEW.status, NEW.date,
      NEW.payout, NEW.points, NEW.referral_points, NEW.network, NEW.offer_name, NEW.geo, NEW.platform);
    IF NEW.status IN ('credited', 'reversed') THEN
      PERFORM analytics_activity(NEW.admin_id, NEW.user_id, analytics_day(NEW.admin_id, NEW.date));
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER completed_offers_activity ON completed_offers;
--> statement-breakpoint
DROP TRIGGER completed_offers_analytics ON completed_offers;
--> statement-breakpoint
DROP FUNCTION activity_completed_offers();
--> statement-breakpoint
DROP FUNCTION analytics_completed_offers();
--> statement-breakpoint
DROP FUNCTION analytics_offer(completed_offers, integer);
--> statement-breakpoint
CREATE TRIGGER completed_offers_rollups AFTER INSERT OR DELETE OR UPDATE OF admin_id, user_id, date, status, payout, points, referral_points, network, offer_name, geo, platform ON completed_offers
  FOR EACH ROW EXECUTE FUNCTION offer_rollups_queue();
--> statement-breakpoint
-- Folds at most p_limit queued changes into the rollups and answers how many it folded; the caller runs it
-- again until it answers fewer. One statement: the changes are read once (taken), each rollup gets one
-- INSERT … GROUP BY … ON CONFLICT, and the changes taken are deleted. One fold at a time (an advisory lock
-- for the transaction), so the changes a fold takes are its own until it commits. Its rows go to shard 8,
-- a shard no trigger writes: a fold never waits on a sign-up's or a redeem's rollup row, nor they on its.
-- Only credited and reversed offers enter the analytics, as before; a change that cancels out (an edit of
-- a field no rollup keeps) writes nothing. A reach sketch is read once a batch and written only when the
-- batch brings a bit it lacks (most credits find their bit set).
CREATE FUNCTION offer_rollups_fold(p_limit integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_folded integer;
BEGIN
  -- Nothing queued that this statement sees: nothing to fold, and no fold to wait for (one under way
  -- still shows the rows it took until it commits). Most reads of the dashboard end here.
  IF NOT EXISTS (SELECT FROM offer_rollup_changes) THEN RETURN 0; END IF;
  PERFORM pg_advisory_xact_lock(7302203);
  WITH taken AS MATERIALIZED (
    SELECT ctid AS at, * FROM offer_rollup_changes LIMIT p_limit FOR UPDATE
  ), changes AS MATERIALIZED (
    SELECT t.admin_id, t.user_id, t.sign, t.date, t.network, t.offer_name, t.geo, t.platform,
      (t.date AT TIME ZONE coalesce(g.time_zone, 'UTC'))::date AS day,
      t.status IN ('credited', 'reversed') AS counted,
      CASE WHEN t.status = 'reversed' THEN t.sign ELSE 0 END AS reversal,
      CASE WHEN t.status = 'credited' THEN t.sign * t.payout ELSE 0 END AS earned,
      CASE WHEN t.status = 'credited' THEN t.sign * (t.points + t.referral_points) ELSE 0 END AS paid_out,
      CASE WHEN t.sign > 0 THEN analytics_reach_bit(t.user_id) END AS reach_bit
    FROM taken AS t LEFT JOIN general_configs AS g ON g.admin_id = t.admin_id
  ), slots AS (
    INSERT INTO activity_buckets (admin_id, bucket_start, shard, users, offers, revenue, redeems)
    SELECT admin_id, activity_bucket(date), 8, 0, sum(sign), sum(earned), 0 FROM changes
      GROUP BY 1, 2 HAVING sum(sign) <> 0 OR sum(earned) <> 0 ORDER BY 1, 2
    ON CONFLICT (admin_id, bucket_start, shard) DO UPDATE SET
      offers = activity_buckets.offers + EXCLUDED.offers, revenue = activity_buckets.revenue + EXCLUDED.revenue
  ), hours AS (
    INSERT INTO activity_hours (admin_id, hour_start, shard, users, offers, revenue, redeems)
    SELECT admin_id, activity_hour(date), 8, 0, sum(sign), sum(earned), 0 FROM changes
      GROUP BY 1, 2 HAVING sum(sign) <> 0 OR sum(earned) <> 0 ORDER BY 1, 2
    ON CONFLICT (admin_id, hour_start, shard) DO UPDATE SET
      offers = activity_hours.offers + EXCLUDED.offers, revenue = activity_hours.revenue + EXCLUDED.revenue
  ), totals AS (
    INSERT INTO activity_totals (admin_id, shard, users, offers, revenue, redeems)
    SELECT admin_id, 8, 0, sum(sign), sum(earned), 0 FROM changes
      GROUP BY 1 HAVING sum(sign) <> 0 OR sum(earned) <> 0 ORDER BY 1
    ON CONFLICT (admin_id, shard) DO UPDATE SET
      offers = activity_totals.offers + EXCLUDED.offers, revenue = activity_totals.revenue + EXCLUDED.revenue
  ), keyed AS MATERIALIZED (
    SELECT c.*, d.dimension, d.key FROM changes AS c
      CROSS JOIN LATERAL (VALUES ('total', ''), ('network', c.network), ('country', coalesce(upper(c.geo), '')),
        ('offer', c.offer_name || ' · ' || c.network), ('platform', coalesce(c.platform, ''))) AS d(dimension, key)
      WHERE c.counted
  ), days AS (
    INSERT INTO analytics_days (admin_id, dimension, day, key, shard, users, conversions, reversals, revenue,
      points, paid, paid_points)
    SELECT admin_id, dimension, day, key, 8, 0, sum(sign), sum(reversal), sum(earned), sum(paid_out), 0, 0
      FROM keyed GROUP BY 1, 2, 3, 4
      HAVING sum(sign) <> 0 OR sum(reversal) <> 0 OR sum(earned) <> 0 OR sum(paid_out) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (admin_id, dimension, day, key, shard) DO UPDATE SET
      conversions = analytics_days.conversions + EXCLUDED.conversions,
      reversals = analytics_days.reversals + EXCLUDED.reversals,
      revenue = analytics_days.revenue + EXCLUDED.revenue,
      points = analytics_days.points + EXCLUDED.points
  ), reach AS (
    INSERT INTO analytics_reach (admin_id, dimension, day, key, sketch)
    SELECT n.admin_id, n.dimension, n.day, n.key, n.sketch FROM (
      SELECT b.admin_id, b.dimension, b.day, b.key,
        (SELECT bit_or(B'1'::bit(8192) >> bit) FROM unnest(b.bits) AS bit
          WHERE r.sketch IS NULL OR get_bit(r.sketch, bit) = 0) AS sketch
      FROM (
        SELECT admin_id, dimension, day, key, array_agg(DISTINCT reach_bit) AS bits
          FROM keyed WHERE sign > 0 AND dimension <> 'total' GROUP BY 1, 2, 3, 4
      ) AS b
      LEFT JOIN analytics_reach AS r
        ON r.admin_id = b.admin_id AND r.dimension = b.dimension AND r.day = b.day AND r.key = b.key
    ) AS n
    WHERE n.sketch IS NOT NULL ORDER BY 1, 2, 3, 4
    ON CONFLICT (admin_id, dimension, day, key) DO UPDATE SET sketch = analytics_reach.sketch | EXCLUDED.sketch
  ), gone AS (
    DELETE FROM offer_rollup_changes AS q USING taken WHERE q.ctid = taken.at RETURNING 1
  )
  SELECT count(*) INTO v_folded FROM gone;
  RETURN v_folded;
END $$;
--> statement-breakpoint
-- Before a rebuild reads the offers: no change may wait in the queue (it would count twice), and none may
-- come in until the rebuild commits (the table lock makes a credit's trigger wait, as the rollup rows'
-- locks did before). Every change already queued is folded; the rebuild then replaces the figures anyway.
CREATE FUNCTION offer_rollups_settle() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE offer_rollup_changes IN EXCLUSIVE MODE;
  WHILE offer_rollups_fold(10000) > 0 LOOP END LOOP;
END $$;
--> statement-breakpoint
-- The two rebuilds settle the queue first: each keeps its body under a new name, and its old name now
-- settles, then calls it (the callers are unchanged).
ALTER FUNCTION activity_rebuild(uuid) RENAME TO activity_rebuild_from_tables;
--> statement-breakpoint
ALTER FUNCTION analytics_rebuild(uuid) RENAME TO analytics_rebuild_from_tables;
--> statement-breakpoint
CREATE FUNCTION activity_rebuild(p_admin uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM offer_rollups_settle();
  PERFORM activity_rebuild_from_tables(p_admin);
END $$;
--> statement-breakpoint
CREATE FUNCTION analytics_rebuild(p_admin uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM offer_rollups_settle();
  PERFORM analytics_rebuild_from_tables(p_admin);
END $$;
