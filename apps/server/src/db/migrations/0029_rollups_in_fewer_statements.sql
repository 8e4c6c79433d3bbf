-- The rollups a credit writes, in fewer statements and the same rows. Each statement a trigger function
-- runs costs PostgreSQL its executor's start and end whatever it writes, and a credited postback ran about
-- 45 of them: the dashboard's three slots one by one, the analytics' five days and four reach sketches one
-- by one, and the list positions through two nested calls. Now one statement writes each of these sets,
-- every caller in the same order, so concurrent credits still lock rows in one order. The two functions
-- only the old statements called (list_buckets_add, analytics_reach_add) are dropped.

-- The dashboard's 15-minute slot, hour and total: one statement.
CREATE OR REPLACE FUNCTION activity_add(p_admin uuid, p_at timestamptz, p_shard smallint, p_users integer,
  p_offers integer, p_revenue numeric, p_redeems integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH slot AS (
    INSERT INTO activity_buckets (admin_id, bucket_start, shard, users, offers, revenue, redeems)
    VALUES (p_admin, activity_bucket(p_at), p_shard, p_users, p_offers, p_revenue, p_redeems)
    ON CONFLICT (admin_id, bucket_start, shard) DO UPDATE SET
      users = activity_buckets.users + EXCLUDED.users,
      offers = activity_buckets.offers + EXCLUDED.offers,
      revenue = activity_buckets.revenue + EXCLUDED.revenue,
      redeems = activity_buckets.redeems + EXCLUDED.redeems
  ), hour AS (
    INSERT INTO activity_hours (admin_id, hour_start, shard, users, offers, revenue, redeems)
    VALUES (p_admin, activity_hour(p_at), p_shard, p_users, p_offers, p_revenue, p_redeems)
    ON CONFLICT (admin_id, hour_start, shard) DO UPDATE SET
      users = activity_hours.users + EXCLUDED.users,
      offers = activity_hours.offers + EXCLUDED.offers,
      revenue = activity_hours.revenue + EXCLUDED.revenue,
      redeems = activity_hours.redeems + EXCLUDED.redeems
  )
  INSERT INTO activity_totals (admin_id, shard, users, offers, revenue, redeems)
  VALUES (p_admin, p_shard, p_users, p_offers, p_revenue, p_redeems)
  ON CONFLICT (admin_id, shard) DO UPDATE SET
    users = activity_totals.users + EXCLUDED.users,
    offers = activity_totals.offers + EXCLUDED.offers,
    revenue = activity_totals.revenue + EXCLUDED.revenue,
    redeems = activity_totals.redeems + EXCLUDED.redeems;
END $$;
--> statement-breakpoint
-- One completed offer in or out of the analytics (p_sign 1 or -1): its five days in one statement, the
-- reach sketches that lack the user's bit in another.
CREATE OR REPLACE FUNCTION analytics_offer(o completed_offers, p_sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_day date;
  v_dimensions text[] := ARRAY['total', 'network', 'country', 'offer', 'platform'];
  v_keys text[];
  v_bit integer;
BEGIN
  IF o.status NOT IN ('credited', 'reversed') THEN RETURN; END IF;
  v_day := analytics_day(o.admin_id, o.date);
  v_keys := ARRAY['', o.network, coalesce(upper(o.geo), ''), o.offer_name || ' · ' || o.network, coalesce(o.platform, '')];
  INSERT INTO analytics_days (admin_id, dimension, day, key, shard, users, conversions, reversals, revenue, points, paid, paid_points)
  SELECT o.admin_id, d.dimension, v_day, d.key, activity_shard(o.id), 0, p_sign,
    CASE WHEN o.status = 'reversed' THEN p_sign ELSE 0 END,
    CASE WHEN o.status = 'credited' THEN p_sign * o.payout ELSE 0 END,
    CASE WHEN o.status = 'credited' THEN p_sign * (o.points + o.referral_points) ELSE 0 END, 0, 0
    FROM unnest(v_dimensions, v_keys) WITH ORDINALITY AS d(dimension, key, position)
    ORDER BY d.position
  ON CONFLICT (admin_id, dimension, day, key, shard) DO UPDATE SET
    users = analytics_days.users + EXCLUDED.users,
    conversions = analytics_days.conversions + EXCLUDED.conversions,
    reversals = analytics_days.reversals + EXCLUDED.reversals,
    revenue = analytics_days.revenue + EXCLUDED.revenue,
    points = analytics_days.points + EXCLUDED.points,
    paid = analytics_days.paid + EXCLUDED.paid,
    paid_points = analytics_days.paid_points + EXCLUDED.paid_points;
  IF p_sign > 0 THEN
    v_bit := analytics_reach_bit(o.user_id);
    -- Most credits find their bit set already: a read, and no row lock for concurrent postbacks to wait on.
    INSERT INTO analytics_reach (admin_id, dimension, day, key, sketch)
    SELECT o.admin_id, d.dimension, v_day, d.key, B'1'::bit(8192) >> v_bit
      FROM unnest(v_dimensions[2:5], v_keys[2:5]) WITH ORDINALITY AS d(dimension, key, position)
      WHERE NOT EXISTS (SELECT FROM analytics_reach r WHERE r.admin_id = o.admin_id AND r.dimension = d.dimension
        AND r.day = v_day AND r.key = d.key AND get_bit(r.sketch, v_bit) = 1)
      ORDER BY d.position
    ON CONFLICT (admin_id, dimension, day, key) DO UPDATE SET sketch = analytics_reach.sketch | EXCLUDED.sketch;
    PERFORM analytics_activity(o.admin_id, o.user_id, v_day);
  END IF;
END $$;
--> statement-breakpoint
-- A row's change in the list positions, in one statement: the old row's buckets go out (every sort and the
-- unsorted count '', under each of its filters), the new row's come in, and what cancels out (a user whose
-- points moved within their bucket) writes nothing. An insert has no old admin, a delete no new one. Rows
-- are written in one order, admin, sort, filter, bucket, so concurrent moves lock them in that order.
CREATE OR REPLACE FUNCTION list_buckets_move(p_list text, p_sorts text[],
  p_old_admin uuid, p_old_buckets bigint[], p_old_filters text[],
  p_new_admin uuid, p_new_buckets bigint[], p_new_filters text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_old_admin = p_new_admin AND p_old_buckets = p_new_buckets AND p_old_filters = p_new_filters THEN
    RETURN;
  END IF;
  INSERT INTO list_buckets (admin_id, list, sort, filter, bucket, shard, rows)
  SELECT m.admin, p_list, m.sort, m.filter, m.bucket, (txid_current() % 8)::smallint, sum(m.sign)::integer
    FROM (
      SELECT p_old_admin AS admin, s.sort, f.filter, s.bucket, -1 AS sign
        FROM unnest('{""}' || p_sorts, 0 || p_old_buckets) AS s(sort, bucket), unnest(p_old_filters) AS f(filter)
        WHERE p_old_admin IS NOT NULL
      UNION ALL
      SELECT p_new_admin, s.sort, f.filter, s.bucket, 1
        FROM unnest('{""}' || p_sorts, 0 || p_new_buckets) AS s(sort, bucket), unnest(p_new_filters) AS f(filter)
        WHERE p_new_admin IS NOT NULL
    ) AS m
    GROUP BY m.admin, m.sort, m.filter, m.bucket
    HAVING sum(m.sign) <> 0
    ORDER BY m.admin, m.sort, m.filter, m.bucket
  ON CONFLICT (admin_id, list, sort, filter, bucket, shard) DO UPDATE SET rows = list_buckets.rows + EXCLUDED.rows;
END $$;
--> statement-breakpoint
DROP FUNCTION list_buckets_add(uuid, text, text[], bigint[], text[], integer);
--> statement-breakpoint
DROP FUNCTION analytics_reach_add(uuid, text, date, text, integer);
