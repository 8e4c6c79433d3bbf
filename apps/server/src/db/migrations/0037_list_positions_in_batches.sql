CREATE TABLE "list_position_changes" (
	"list" text NOT NULL,
	"sorts" text[] NOT NULL,
	"old_admin_id" uuid,
	"old_buckets" bigint[],
	"old_filters" text[],
	"new_admin_id" uuid,
	"new_buckets" bigint[],
	"new_filters" text[]
);
--> statement-breakpoint
-- The lists' positions folded in batches (docs/decisions/0032-list-positions-in-batches.md). A row's move
-- upserted 4 to 6 list_buckets rows at its commit: a third of PostgreSQL's executor time a postback (the
-- offer's, the log row's and the user's points bucket's moves). Now the move is one appended row, and
-- list_positions_fold adds up hundreds of them in one statement. The triggers and what they pass stay.
CREATE OR REPLACE FUNCTION list_buckets_move(p_list text, p_sorts text[],
  p_old_admin uuid, p_old_buckets bigint[], p_old_filters text[],
  p_new_admin uuid, p_new_buckets bigint[], p_new_filters text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_old_admin = p_new_admin AND p_old_buckets = p_new_buckets AND p_old_filters = p_new_filters THEN
    RETURN;
  END IF;
  INSERT INTO list_position_changes (list, sorts, old_admin_id, old_buckets, old_filters,
    new_admin_id, new_buckets, new_filters)
  VALUES (p_list, p_sorts, p_old_admin, p_old_buckets, p_old_filters, p_new_admin, p_new_buckets, p_new_filters);
END $$;
--> statement-breakpoint
-- The moves a list's (sort, filter) has waiting, as bucket rows: +1 in the row's new bucket, -1 in its old
-- one (bucket 0 for the totals, sort ''). A read of the positions adds them to list_buckets' rows, in the
-- same snapshot, so it is exact whether or not a fold has run. One SELECT: PostgreSQL inlines it.
CREATE FUNCTION list_position_moves(p_admin uuid, p_list text, p_sort text, p_filter text)
  RETURNS TABLE (bucket bigint, rows integer) LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN p_sort = '' THEN 0 ELSE c.new_buckets[array_position(c.sorts, p_sort)] END, 1
    FROM list_position_changes AS c
    WHERE c.list = p_list AND c.new_admin_id = p_admin AND p_filter = ANY (c.new_filters)
  UNION ALL
  SELECT CASE WHEN p_sort = '' THEN 0 ELSE c.old_buckets[array_position(c.sorts, p_sort)] END, -1
    FROM list_position_changes AS c
    WHERE c.list = p_list AND c.old_admin_id = p_admin AND p_filter = ANY (c.old_filters)
$$;
--> statement-breakpoint
-- Folds up to p_limit waiting moves into list_buckets and answers how many; the caller calls again until
-- it answers fewer. One fold at a time (an advisory lock for the transaction), so the moves a fold takes
-- are its own until it commits; a read sees them either waiting or folded, never both. Bucket rows are
-- written in key order, as the triggers wrote them.
CREATE FUNCTION list_positions_fold(p_limit integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_folded integer;
BEGIN
  IF NOT EXISTS (SELECT FROM list_position_changes) THEN RETURN 0; END IF;
  PERFORM pg_advisory_xact_lock(7302204);
  WITH taken AS MATERIALIZED (
    SELECT ctid AS at, * FROM list_position_changes LIMIT p_limit FOR UPDATE
  ), moved AS (
    INSERT INTO list_buckets (admin_id, list, sort, filter, bucket, shard, rows)
    SELECT m.admin, m.list, m.sort, m.filter, m.bucket, 0, sum(m.sign)::integer
      FROM (
        SELECT t.old_admin_id AS admin, t.list, s.sort, f.filter, s.bucket, -1 AS sign
          FROM taken AS t, unnest('{""}' || t.sorts, 0 || t.old_buckets) AS s(sort, bucket),
            unnest(t.old_filters) AS f(filter)
          WHERE t.old_admin_id IS NOT NULL
        UNION ALL
        SELECT t.new_admin_id, t.list, s.sort, f.filter, s.bucket, 1
          FROM taken AS t, unnest('{""}' || t.sorts, 0 || t.new_buckets) AS s(sort, bucket),
            unnest(t.new_filters) AS f(filter)
          WHERE t.new_admin_id IS NOT NULL
      ) AS m
      GROUP BY m.admin, m.list, m.sort, m.filter, m.bucket
      HAVING sum(m.sign) <> 0
      ORDER BY m.admin, m.list, m.sort, m.filter, m.bucket
    ON CONFLICT (admin_id, list, sort, filter, bucket, shard) DO UPDATE SET rows = list_buckets.rows + EXCLUDED.rows
  ), gone AS (
    DELETE FROM list_position_changes AS q USING taken WHERE q.ctid = taken.at RETURNING 1
  )
  SELECT count(*) INTO v_folded FROM gone;
  RETURN v_folded;
END $$;
--> statement-breakpoint
-- A rebuild counts the tables, which hold every move already: the app's waiting moves go with its old rows.
CREATE OR REPLACE FUNCTION list_buckets_rebuild(p_admin uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM list_position_changes WHERE old_admin_id = p_admin OR new_admin_id = p_admin;
  DELETE FROM list_buckets WHERE admin_id = p_admin;
  INSERT INTO list_buckets (admin_id, list, sort, filter, bucket, shard, rows)
  SELECT p_admin, 'users',
      CASE WHEN grouping(t) = 0 THEN 'createdAt' WHEN grouping(p) = 0 THEN 'points' WHEN grouping(n) = 0 THEN 'username' ELSE '' END,
      coalesce(f, ''), coalesce(t, p, n, 0), 0, count(*)
    FROM (SELECT list_time_bucket(created_at) AS t, list_number_bucket(points) AS p, list_text_bucket(username) AS n,
        'status=' || CASE WHEN is_active THEN 'active' ELSE 'banned' END AS f
      FROM app_users WHERE admin_id = p_admin) AS r
    GROUP BY GROUPING SETS ((t), (t, f), (p), (p, f), (n), (n, f), (), (f))
    HAVING count(*) > 0;
  INSERT INTO list_buckets (admin_id, list, sort, filter, bucket, shard, rows)
  SELECT p_admin, 'offers', CASE WHEN grouping(t) = 0 THEN 'date' WHEN grouping(p) = 0 THEN 'payout' ELSE '' END,
      coalesce(f, ''), coalesce(t, p, 0), 0, count(*)
    FROM (SELECT list_time_bucket(date) AS t, list_number_bucket(floor(payout * 100)::bigint) AS p, 'network=' || network AS f
      FROM completed_offers WHERE admin_id = p_admin) AS r
    GROUP BY GROUPING SETS ((t), (t, f), (p), (p, f), (), (f))
    HAVING count(*) > 0;
  INSERT INTO list_buckets (admin_id, list, sort, filter, bucket, shard, rows)
  SELECT p_admin, 'redeems', CASE WHEN grouping(t) = 0 THEN 'redeemDate' WHEN grouping(p) = 0 THEN 'rewardCost' ELSE '' END,
      coalesce(s, k, ''), coalesce(t, p, 0), 0, count(*)
    FROM (SELECT list_time_bucket(redeem_date) AS t, list_number_bucket(reward_cost) AS p, 'status=' || status AS s,
        'risky=' || (cardinality(risk_reasons) > 0) AS k
      FROM redeems WHERE admin_id = p_admin) AS r
    GROUP BY GROUPING SETS ((t), (t, s), (t, k), (p), (p, s), (p, k), (), (s), (k))
    HAVING count(*) > 0;
  INSERT INTO list_buckets (admin_id, list, sort, filter, bucket, shard, rows)
  SELECT p_admin, 'postbacks', CASE WHEN grouping(t) = 0 THEN 'createdAt' ELSE '' END,
      coalesce(n, o, ''), coalesce(t, 0), 0, count(*)
    FROM (SELECT list_time_bucket(created_at) AS t, 'network=' || network AS n, 'outcome=' || outcome AS o
      FROM postback_log WHERE admin_id = p_admin) AS r
    GROUP BY GROUPING SETS ((t), (t, n), (t, o), (), (n), (o))
    HAVING count(*) > 0;
  INSERT INTO list_buckets (admin_id, list, sort, filter, bucket, shard, rows)
  SELECT p_admin, 'audit', CASE WHEN grouping(t) = 0 THEN 'createdAt' ELSE '' END,
      coalesce(a, ''), coalesce(t, 0), 0, count(*)
    FROM (SELECT list_time_bucket(created_at) AS t, 'action=' || action AS a
      FROM audit_log WHERE admin_id = p_admin) AS r
    GROUP BY GROUPING SETS ((t), (t, a), (), (a))
    HAVING count(*) > 0;
$$;
