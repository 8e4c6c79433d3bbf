CREATE INDEX "activity_hours_unfolded_idx" ON "activity_hours" USING btree ("hour_start") WHERE "activity_hours"."shard" >= 0;--> statement-breakpoint
CREATE INDEX "analytics_days_unfolded_idx" ON "analytics_days" USING btree ("day") WHERE "analytics_days"."shard" >= 0;--> statement-breakpoint
-- Rollup compaction (docs/decisions/0030-rollup-compaction.md). The triggers spread each hour's and each
-- day's figures over 8 shard rows so that concurrent postbacks do not queue on one row; once the hour or day
-- is over, those rows only cost the dashboard and analytics reads 8 rows where 1 would do. This folds the
-- shards of hours that ended more than an hour ago (activity_hours) and of days before yesterday
-- (analytics_days) into one row with shard -1, a shard no trigger writes: the sums stay the same.
--
-- Rows are taken FOR UPDATE SKIP LOCKED, so a row a transaction is changing now is left for the next round,
-- and the shard -1 rows are written only here (one process at a time runs it), so a writer never waits on a
-- lock this holds while this waits on it: no deadlock. A late write to a folded period (a reversal of an
-- old offer) lands in its usual shard and the next round folds it in too. At most p_limit rows of each
-- table a call; it answers how many it folded, so the caller runs it again until it answers 0.
CREATE OR REPLACE FUNCTION rollups_compact(p_limit integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_hours integer;
  v_days integer;
BEGIN
  WITH taken AS (
    SELECT ctid FROM activity_hours
      WHERE shard >= 0 AND hour_start < date_trunc('hour', now()) - interval '1 hour' -- activity_hours_unfolded_idx
      LIMIT p_limit FOR UPDATE SKIP LOCKED
  ), folded AS (
    DELETE FROM activity_hours h USING taken WHERE h.ctid = taken.ctid
      RETURNING h.admin_id, h.hour_start, h.users, h.offers, h.revenue, h.redeems
  ), written AS (
    INSERT INTO activity_hours (admin_id, hour_start, shard, users, offers, revenue, redeems)
    SELECT admin_id, hour_start, -1, sum(users), sum(offers), sum(revenue), sum(redeems)
      FROM folded GROUP BY admin_id, hour_start ORDER BY admin_id, hour_start
    ON CONFLICT (admin_id, hour_start, shard) DO UPDATE SET
      users = activity_hours.users + EXCLUDED.users,
      offers = activity_hours.offers + EXCLUDED.offers,
      revenue = activity_hours.revenue + EXCLUDED.revenue,
      redeems = activity_hours.redeems + EXCLUDED.redeems
    RETURNING 1
  )
  SELECT count(*) INTO v_hours FROM folded;

  WITH taken AS (
    SELECT ctid FROM analytics_days
      WHERE shard >= 0 AND day < (now() AT TIME ZONE 'UTC')::date - 1 -- analytics_days_unfolded_idx
      LIMIT p_limit FOR UPDATE SKIP LOCKED
  ), folded AS (
    DELETE FROM analytics_days d USING taken WHERE d.ctid = taken.ctid
      RETURNING d.admin_id, d.dimension, d.day, d.key, d.users, d.conversions, d.reversals, d.revenue,
        d.points, d.paid, d.paid_points
  ), written AS (
    INSERT INTO analytics_days (admin_id, dimension, day, key, shard, users, conversions, reversals, revenue,
      points, paid, paid_points)
    SELECT admin_id, dimension, day, key, -1, sum(users), sum(conversions), sum(reversals), sum(revenue),
      sum(points), sum(paid), sum(paid_points)
      FROM folded GROUP BY admin_id, dimension, day, key ORDER BY admin_id, dimension, day, key
    ON CONFLICT (admin_id, dimension, day, key, shard) DO UPDATE SET
      users = analytics_days.users + EXCLUDED.users,
      conversions = analytics_days.conversions + EXCLUDED.conversions,
      reversals = analytics_days.reversals + EXCLUDED.reversals,
      revenue = analytics_days.revenue + EXCLUDED.revenue,
      points = analytics_days.points + EXCLUDED.points,
      paid = analytics_days.paid + EXCLUDED.paid,
      paid_points = analytics_days.paid_points + EXCLUDED.paid_points
    RETURNING 1
  )
  SELECT count(*) INTO v_days FROM folded;

  RETURN v_hours + v_days;
END $$;
