CREATE TABLE "list_buckets" (
	"admin_id" uuid NOT NULL,
	"list" text NOT NULL,
	"sort" text NOT NULL,
	"filter" text NOT NULL,
	"bucket" bigint NOT NULL,
	"shard" smallint NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "list_buckets_admin_id_list_sort_filter_bucket_shard_pk" PRIMARY KEY("admin_id","list","sort","filter","bucket","shard")
);
--> statement-breakpoint
CREATE INDEX "app_users_admin_status_points_idx" ON "app_users" USING btree ("admin_id","is_active","points","id");--> statement-breakpoint
CREATE INDEX "completed_offers_admin_network_payout_idx" ON "completed_offers" USING btree ("admin_id","network","payout","id");--> statement-breakpoint
CREATE INDEX "redeems_admin_status_cost_idx" ON "redeems" USING btree ("admin_id","status","reward_cost","id");--> statement-breakpoint
CREATE INDEX "redeems_admin_clean_cost_idx" ON "redeems" USING btree ("admin_id","reward_cost","id") WHERE cardinality("redeems"."risk_reasons") = 0;--> statement-breakpoint
CREATE INDEX "redeems_admin_risky_cost_idx" ON "redeems" USING btree ("admin_id","reward_cost","id") WHERE cardinality("redeems"."risk_reasons") > 0;--> statement-breakpoint
-- Order-preserving buckets of the lists' sort values (the server computes the same in lib/list-buckets.ts).
-- An instant: its UTC hour since the epoch.
CREATE FUNCTION list_time_bucket(at timestamptz) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT floor(extract(epoch FROM at) / 3600)::bigint
$$;
--> statement-breakpoint
-- A whole number u >= 0, log-linear: itself below 128, then 64 buckets per power of two, so any range of
-- values makes a few hundred buckets at most. m is the position of u's highest set bit.
CREATE FUNCTION list_magnitude_bucket(u bigint) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN u < 128 THEN u ELSE 128 + (m - 7) * 64 + ((u >> (m - 6)) - 64) END
    FROM (SELECT 64 - position('1' IN u::bit(64)::text) AS m) AS msb
$$;
--> statement-breakpoint
-- Any whole number: negative values mirror the magnitudes below -1, so the order holds across zero.
CREATE FUNCTION list_number_bucket(v bigint) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN v >= 0 THEN list_magnitude_bucket(v) ELSE -1 - list_magnitude_bucket(-1 - v) END
$$;
--> statement-breakpoint
-- One row in (p_rows 1) or out (-1) of its buckets: each sort's bucket and the totals (sort '', bucket 0),
-- for each filter value it has ('' first), on the writing transaction's shard, in key order.
CREATE FUNCTION list_buckets_add(p_admin uuid, p_list text, p_sorts text[], p_buckets bigint[], p_filters text[], p_rows integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO list_buckets (admin_id, list, sort, filter, bucket, shard, rows)
  SELECT p_admin, p_list, s.sort, f.filter, s.bucket, (txid_current() % 8)::smallint, p_rows
    FROM unnest(p_sorts, p_buckets) AS s(sort, bucket), unnest(p_filters) AS f(filter)
    ORDER BY 3, 4, 5
  ON CONFLICT (admin_id, list, sort, filter, bucket, shard) DO UPDATE SET rows = list_buckets.rows + EXCLUDED.rows
$$;
--> statement-breakpoint
-- A row's change: when only sort values moved (a user's points on every credit), only the sorts whose
-- bucket changed move, and nothing when none did; otherwise the old row goes out and the new one comes in.
-- An insert has no old admin, a delete no new one.
CREATE FUNCTION list_buckets_move(p_list text, p_sorts text[],
  p_old_admin uuid, p_old_buckets bigint[], p_old_filters text[],
  p_new_admin uuid, p_new_buckets bigint[], p_new_filters text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_sorts text[];
  v_old bigint[];
  v_new bigint[];
BEGIN
  IF p_old_admin = p_new_admin AND p_old_filters = p_new_filters THEN
    SELECT array_agg(s), array_agg(o), array_agg(n) INTO v_sorts, v_old, v_new
      FROM unnest(p_sorts, p_old_buckets, p_new_buckets) AS x(s, o, n) WHERE o <> n;
    IF v_sorts IS NULL THEN RETURN; END IF;
    PERFORM list_buckets_add(p_old_admin, p_list, v_sorts, v_old, p_old_filters, -1);
    PERFORM list_buckets_add(p_new_admin, p_list, v_sorts, v_new, p_new_filters, 1);
    RETURN;
  END IF;
  IF p_old_admin IS NOT NULL THEN
    PERFORM list_buckets_add(p_old_admin, p_list, '{""}' || p_sorts, 0 || p_old_buckets, p_old_filters, -1);
  END IF;
  IF p_new_admin IS NOT NULL THEN
    PERFORM list_buckets_add(p_new_admin, p_list, '{""}' || p_sorts, 0 || p_new_buckets, p_new_filters, 1);
  END IF;
END $$;
--> statement-breakpoint
-- Each list's sort buckets and filter values of one row, in the order the triggers and the server name them.
CREATE FUNCTION list_user_buckets(u app_users) RETURNS bigint[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY[list_time_bucket(u.created_at), list_number_bucket(u.points)]
$$;
--> statement-breakpoint
CREATE FUNCTION list_user_filters(u app_users) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['', 'status=' || CASE WHEN u.is_active THEN 'active' ELSE 'banned' END]
$$;
--> statement-breakpoint
CREATE FUNCTION list_offer_buckets(o completed_offers) RETURNS bigint[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY[list_time_bucket(o.date), list_number_bucket(floor(o.payout * 100)::bigint)]
$$;
--> statement-breakpoint
CREATE FUNCTION list_offer_filters(o completed_offers) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['', 'network=' || o.network]
$$;
--> statement-breakpoint
CREATE FUNCTION list_redeem_buckets(r redeems) RETURNS bigint[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY[list_time_bucket(r.redeem_date), list_number_bucket(r.reward_cost)]
$$;
--> statement-breakpoint
CREATE FUNCTION list_redeem_filters(r redeems) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['', 'status=' || r.status, 'risky=' || (cardinality(r.risk_reasons) > 0)]
$$;
--> statement-breakpoint
CREATE FUNCTION list_buckets_app_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM list_buckets_move('users', '{createdAt,points}', NULL, NULL, NULL, NEW.admin_id, list_user_buckets(NEW), list_user_filters(NEW));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM list_buckets_move('users', '{createdAt,points}', OLD.admin_id, list_user_buckets(OLD), list_user_filters(OLD), NULL, NULL, NULL);
  ELSE
    PERFORM list_buckets_move('users', '{createdAt,points}', OLD.admin_id, list_user_buckets(OLD), list_user_filters(OLD),
      NEW.admin_id, list_user_buckets(NEW), list_user_filters(NEW));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION list_buckets_completed_offers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM list_buckets_move('offers', '{date,payout}', NULL, NULL, NULL, NEW.admin_id, list_offer_buckets(NEW), list_offer_filters(NEW));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM list_buckets_move('offers', '{date,payout}', OLD.admin_id, list_offer_buckets(OLD), list_offer_filters(OLD), NULL, NULL, NULL);
  ELSE
    PERFORM list_buckets_move('offers', '{date,payout}', OLD.admin_id, list_offer_buckets(OLD), list_offer_filters(OLD),
      NEW.admin_id, list_offer_buckets(NEW), list_offer_filters(NEW));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION list_buckets_redeems() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM list_buckets_move('redeems', '{redeemDate,rewardCost}', NULL, NULL, NULL, NEW.admin_id, list_redeem_buckets(NEW), list_redeem_filters(NEW));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM list_buckets_move('redeems', '{redeemDate,rewardCost}', OLD.admin_id, list_redeem_buckets(OLD), list_redeem_filters(OLD), NULL, NULL, NULL);
  ELSE
    PERFORM list_buckets_move('redeems', '{redeemDate,rewardCost}', OLD.admin_id, list_redeem_buckets(OLD), list_redeem_filters(OLD),
      NEW.admin_id, list_redeem_buckets(NEW), list_redeem_filters(NEW));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION list_buckets_postback_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM list_buckets_move('postbacks', '{createdAt}', OLD.admin_id, ARRAY[list_time_bucket(OLD.created_at)],
      ARRAY['', 'network=' || OLD.network, 'outcome=' || OLD.outcome], NULL, NULL, NULL);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM list_buckets_move('postbacks', '{createdAt}', NULL, NULL, NULL, NEW.admin_id, ARRAY[list_time_bucket(NEW.created_at)],
      ARRAY['', 'network=' || NEW.network, 'outcome=' || NEW.outcome]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION list_buckets_audit_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM list_buckets_move('audit', '{createdAt}', OLD.admin_id, ARRAY[list_time_bucket(OLD.created_at)],
      ARRAY['', 'action=' || OLD.action], NULL, NULL, NULL);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM list_buckets_move('audit', '{createdAt}', NULL, NULL, NULL, NEW.admin_id, ARRAY[list_time_bucket(NEW.created_at)],
      ARRAY['', 'action=' || NEW.action]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Deferred to commit like the activity slots: the bucket rows are locked only while the transaction
-- commits. Updates fire only when a bucket or a filter value changes, so most credits (a user's points
-- staying in the same bucket) cost nothing here.
CREATE CONSTRAINT TRIGGER app_users_list_buckets AFTER INSERT OR DELETE ON app_users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_buckets_app_users();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER app_users_list_buckets_update AFTER UPDATE OF admin_id, created_at, points, is_active ON app_users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.admin_id <> NEW.admin_id OR OLD.is_active <> NEW.is_active
    OR list_time_bucket(OLD.created_at) <> list_time_bucket(NEW.created_at)
    OR list_number_bucket(OLD.points) <> list_number_bucket(NEW.points))
  EXECUTE FUNCTION list_buckets_app_users();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER completed_offers_list_buckets AFTER INSERT OR DELETE OR UPDATE OF admin_id, date, payout, network ON completed_offers
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_buckets_completed_offers();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER redeems_list_buckets AFTER INSERT OR DELETE OR UPDATE OF admin_id, redeem_date, reward_cost, status, risk_reasons ON redeems
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_buckets_redeems();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER postback_log_list_buckets AFTER INSERT OR DELETE OR UPDATE OF admin_id, created_at, network, outcome ON postback_log
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_buckets_postback_log();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER audit_log_list_buckets AFTER INSERT OR DELETE OR UPDATE OF admin_id, created_at, action ON audit_log
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_buckets_audit_log();
--> statement-breakpoint
-- Rebuilds one tenant's position index from the tables (after a bulk load with triggers off): one pass
-- per list, every (sort, filter) counted by grouping sets; the totals are sort ''.
CREATE FUNCTION list_buckets_rebuild(p_admin uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM list_buckets WHERE admin_id = p_admin;
  INSERT INTO list_buckets (admin_id, list, sort, filter, bucket, shard, rows)
  SELECT p_admin, 'users', CASE WHEN grouping(t) = 0 THEN 'createdAt' WHEN grouping(p) = 0 THEN 'points' ELSE '' END,
      coalesce(f, ''), coalesce(t, p, 0), 0, count(*)
    FROM (SELECT list_time_bucket(created_at) AS t, list_number_bucket(points) AS p,
        'status=' || CASE WHEN is_active THEN 'active' ELSE 'banned' END AS f
      FROM app_users WHERE admin_id = p_admin) AS r
    GROUP BY GROUPING SETS ((t), (t, f), (p), (p, f), (), (f))
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
SELECT list_buckets_rebuild(id) FROM admins;
