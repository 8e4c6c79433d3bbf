CREATE INDEX "app_users_admin_username_bytes_idx" ON "app_users" USING btree ("admin_id","username" collate "C","id");--> statement-breakpoint
CREATE INDEX "app_users_admin_status_username_bytes_idx" ON "app_users" USING btree ("admin_id","is_active","username" collate "C","id");--> statement-breakpoint
-- The Users list sorted by e-mail gets a position index like its other sorts. The list orders by
-- username COLLATE "C" (byte order, which in UTF-8 is code point order), so a bucket can be computed from
-- the value alone: its first two characters' code points (a second of 0 when there is none; text never
-- holds a NUL). Any u < v in byte order has bucket(u) <= bucket(v). lib/list-buckets.ts computes the same.
CREATE FUNCTION list_text_bucket(v text) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT ascii(v)::bigint * 1114112 + ascii(substr(v, 2, 1))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_user_buckets(u app_users) RETURNS bigint[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY[list_time_bucket(u.created_at), list_number_bucket(u.points), list_text_bucket(u.username)]
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_buckets_app_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM list_buckets_move('users', '{createdAt,points,username}', NULL, NULL, NULL, NEW.admin_id, list_user_buckets(NEW), list_user_filters(NEW));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM list_buckets_move('users', '{createdAt,points,username}', OLD.admin_id, list_user_buckets(OLD), list_user_filters(OLD), NULL, NULL, NULL);
  ELSE
    PERFORM list_buckets_move('users', '{createdAt,points,username}', OLD.admin_id, list_user_buckets(OLD), list_user_filters(OLD),
      NEW.admin_id, list_user_buckets(NEW), list_user_filters(NEW));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER app_users_list_buckets_update ON app_users;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER app_users_list_buckets_update AFTER UPDATE OF admin_id, created_at, points, is_active, username ON app_users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.admin_id <> NEW.admin_id OR OLD.is_active <> NEW.is_active
    OR list_time_bucket(OLD.created_at) <> list_time_bucket(NEW.created_at)
    OR list_number_bucket(OLD.points) <> list_number_bucket(NEW.points)
    OR list_text_bucket(OLD.username) <> list_text_bucket(NEW.username))
  EXECUTE FUNCTION list_buckets_app_users();
--> statement-breakpoint
-- The rebuild (after a bulk load with triggers off) counts the new sort too; the other lists as before.
CREATE OR REPLACE FUNCTION list_buckets_rebuild(p_admin uuid) RETURNS void LANGUAGE sql AS $$
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
--> statement-breakpoint
-- The users already stored, counted once; the trigger above counts every later write. The migration's
-- transaction holds app_users' lock from the index builds on, so no write falls between the two.
INSERT INTO list_buckets (admin_id, list, sort, filter, bucket, shard, rows)
SELECT admin_id, 'users', 'username', f.filter, list_text_bucket(username), 0, count(*)
  FROM app_users,
    unnest(ARRAY['', 'status=' || CASE WHEN is_active THEN 'active' ELSE 'banned' END]) AS f(filter)
  GROUP BY admin_id, f.filter, list_text_bucket(username);
