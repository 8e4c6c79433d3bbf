CREATE TABLE "analytics_cohorts" (
	"admin_id" uuid NOT NULL,
	"cohort_week" date NOT NULL,
	"week" smallint NOT NULL,
	"shard" smallint NOT NULL,
	"users" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_cohorts_admin_id_cohort_week_week_shard_pk" PRIMARY KEY("admin_id","cohort_week","week","shard")
);
--> statement-breakpoint
CREATE TABLE "analytics_days" (
	"admin_id" uuid NOT NULL,
	"dimension" text NOT NULL,
	"day" date NOT NULL,
	"key" text NOT NULL,
	"shard" smallint NOT NULL,
	"users" integer DEFAULT 0 NOT NULL,
	"conversions" integer DEFAULT 0 NOT NULL,
	"reversals" integer DEFAULT 0 NOT NULL,
	"revenue" numeric(16, 4) DEFAULT 0 NOT NULL,
	"points" bigint DEFAULT 0 NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"paid_points" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_days_admin_id_dimension_day_key_shard_pk" PRIMARY KEY("admin_id","dimension","day","key","shard")
);
--> statement-breakpoint
CREATE TABLE "analytics_reach" (
	"admin_id" uuid NOT NULL,
	"dimension" text NOT NULL,
	"day" date NOT NULL,
	"key" text NOT NULL,
	"sketch" bit(8192) NOT NULL,
	CONSTRAINT "analytics_reach_admin_id_dimension_day_key_pk" PRIMARY KEY("admin_id","dimension","day","key")
);
--> statement-breakpoint
ALTER TABLE "balance_totals" ADD COLUMN "pending_redeems" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "balance_totals" ADD COLUMN "pending_redeem_points" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "app_users" ADD COLUMN "active_weeks" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "completed_offers" ADD COLUMN "platform" text;--> statement-breakpoint
ALTER TABLE "general_configs" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
-- Offers so far take their user's current device (before the analytics triggers exist).
UPDATE completed_offers AS o SET platform = u.device FROM app_users AS u WHERE u.id = o.user_id AND u.device IS NOT NULL;--> statement-breakpoint
-- Analytics' rollups (docs/features/analytics.md). Days are the app's reporting time zone's (General
-- settings); saving another zone rebuilds the app's rollups in the same transaction.
CREATE FUNCTION analytics_day(p_admin uuid, p_at timestamptz) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT (p_at AT TIME ZONE coalesce((SELECT time_zone FROM general_configs WHERE admin_id = p_admin), 'UTC'))::date
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_add(p_admin uuid, p_dimension text, p_day date, p_key text, p_shard smallint,
  p_users integer, p_conversions integer, p_reversals integer, p_revenue numeric, p_points bigint,
  p_paid integer, p_paid_points bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO analytics_days (admin_id, dimension, day, key, shard, users, conversions, reversals, revenue, points, paid, paid_points)
  VALUES (p_admin, p_dimension, p_day, p_key, p_shard, p_users, p_conversions, p_reversals, p_revenue, p_points, p_paid, p_paid_points)
  ON CONFLICT (admin_id, dimension, day, key, shard) DO UPDATE SET
    users = analytics_days.users + EXCLUDED.users,
    conversions = analytics_days.conversions + EXCLUDED.conversions,
    reversals = analytics_days.reversals + EXCLUDED.reversals,
    revenue = analytics_days.revenue + EXCLUDED.revenue,
    points = analytics_days.points + EXCLUDED.points,
    paid = analytics_days.paid + EXCLUDED.paid,
    paid_points = analytics_days.paid_points + EXCLUDED.paid_points
$$;
--> statement-breakpoint
-- The sketch bit a user sets: a register (9 bits of the id's hash, 512 registers of 16 bits) and in it the
-- number of trailing zero bits of the hash's next 23 bits (at most 15; (w & -w) - 1 has that many ones).
-- One expression, so PostgreSQL inlines it (a rebuild calls it once per offer). hashtext is PostgreSQL's own.
CREATE FUNCTION analytics_reach_bit(p_user uuid) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT (hashtext(p_user::text) & 511) * 16
    + least(15, bit_count(((((hashtext(p_user::text) >> 9) & 8388607) & -((hashtext(p_user::text) >> 9) & 8388607)) - 1)::bit(32))::integer)
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_reach_add(p_admin uuid, p_dimension text, p_day date, p_key text, p_bit integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Most credits find their bit set already: a read, and no row lock for concurrent postbacks to wait on.
  PERFORM 1 FROM analytics_reach WHERE admin_id = p_admin AND dimension = p_dimension AND day = p_day
    AND key = p_key AND get_bit(sketch, p_bit) = 1;
  IF FOUND THEN RETURN; END IF;
  INSERT INTO analytics_reach (admin_id, dimension, day, key, sketch)
  VALUES (p_admin, p_dimension, p_day, p_key, B'1'::bit(8192) >> p_bit)
  ON CONFLICT (admin_id, dimension, day, key) DO UPDATE SET sketch = analytics_reach.sketch | EXCLUDED.sketch;
END $$;
--> statement-breakpoint
-- Retention: the first offer a user earns in week k (1 to 8) after their sign-up week sets bit k of
-- active_weeks and counts them once in their cohort's week k. The guarded update makes a second one a no-op.
CREATE FUNCTION analytics_activity(p_admin uuid, p_user uuid, p_day date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_cohort date;
  v_week integer;
BEGIN
  SELECT date_trunc('week', analytics_day(p_admin, created_at)::timestamp)::date INTO v_cohort
    FROM app_users WHERE id = p_user;
  IF NOT FOUND THEN RETURN; END IF;
  v_week := (date_trunc('week', p_day::timestamp)::date - v_cohort) / 7;
  IF v_week < 1 OR v_week > 8 THEN RETURN; END IF;
  UPDATE app_users SET active_weeks = active_weeks | (1 << v_week)::smallint
    WHERE id = p_user AND active_weeks & (1 << v_week)::smallint = 0;
  IF NOT FOUND THEN RETURN; END IF;
  INSERT INTO analytics_cohorts (admin_id, cohort_week, week, shard, users)
  VALUES (p_admin, v_cohort, v_week, activity_shard(p_user), 1)
  ON CONFLICT (admin_id, cohort_week, week, shard) DO UPDATE SET users = analytics_cohorts.users + 1;
END $$;
--> statement-breakpoint
-- One completed offer in or out of the rollups (p_sign 1 or -1). Only credited and reversed offers count;
-- a reversal keeps its conversion, counts as a reversal and takes its payout and points back out. Who
-- earned and retention only grow: a sketch cannot forget a user.
CREATE FUNCTION analytics_offer(o completed_offers, p_sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_day date;
  v_shard smallint := activity_shard(o.id);
  v_dimensions text[] := ARRAY['total', 'network', 'country', 'offer', 'platform'];
  v_keys text[];
  v_bit integer;
BEGIN
  IF o.status NOT IN ('credited', 'reversed') THEN RETURN; END IF;
  v_day := analytics_day(o.admin_id, o.date);
  v_keys := ARRAY['', o.network, coalesce(upper(o.geo), ''), o.offer_name || ' · ' || o.network, coalesce(o.platform, '')];
  FOR i IN 1..5 LOOP
    PERFORM analytics_add(o.admin_id, v_dimensions[i], v_day, v_keys[i], v_shard, 0, p_sign,
      CASE WHEN o.status = 'reversed' THEN p_sign ELSE 0 END,
      CASE WHEN o.status = 'credited' THEN p_sign * o.payout ELSE 0 END,
      CASE WHEN o.status = 'credited' THEN p_sign * (o.points + o.referral_points) ELSE 0 END, 0, 0);
  END LOOP;
  IF p_sign > 0 THEN
    v_bit := analytics_reach_bit(o.user_id);
    FOR i IN 2..5 LOOP
      PERFORM analytics_reach_add(o.admin_id, v_dimensions[i], v_day, v_keys[i], v_bit);
    END LOOP;
    PERFORM analytics_activity(o.admin_id, o.user_id, v_day);
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION analytics_completed_offers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM analytics_offer(OLD, -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM analytics_offer(NEW, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Deferred to commit like the activity slots: rows are locked only while the transaction commits.
CREATE CONSTRAINT TRIGGER completed_offers_analytics AFTER INSERT OR DELETE OR UPDATE OF admin_id, user_id, date, status, payout, points, referral_points, network, offer_name, geo, platform ON completed_offers
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION analytics_completed_offers();
--> statement-breakpoint
-- The platform is the user's device when the offer comes in, kept on the row so a later device change
-- never moves an old offer between platforms.
CREATE FUNCTION completed_offers_platform() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.platform IS NULL THEN
    NEW.platform := (SELECT device FROM app_users WHERE id = NEW.user_id);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER completed_offers_platform BEFORE INSERT ON completed_offers FOR EACH ROW EXECUTE FUNCTION completed_offers_platform();
--> statement-breakpoint
CREATE FUNCTION analytics_cohort_move(p_admin uuid, p_user uuid, p_created timestamptz, p_weeks smallint, p_sign integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO analytics_cohorts (admin_id, cohort_week, week, shard, users)
  SELECT p_admin, date_trunc('week', analytics_day(p_admin, p_created)::timestamp)::date, w, activity_shard(p_user), p_sign
    FROM generate_series(1, 8) AS w WHERE p_weeks & (1 << w)::smallint <> 0
  ON CONFLICT (admin_id, cohort_week, week, shard) DO UPDATE SET users = analytics_cohorts.users + EXCLUDED.users
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_app_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM analytics_add(OLD.admin_id, 'total', analytics_day(OLD.admin_id, OLD.created_at), '', activity_shard(OLD.id), -1, 0, 0, 0, 0, 0, 0);
    PERFORM analytics_cohort_move(OLD.admin_id, OLD.id, OLD.created_at, OLD.active_weeks, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM analytics_add(NEW.admin_id, 'total', analytics_day(NEW.admin_id, NEW.created_at), '', activity_shard(NEW.id), 1, 0, 0, 0, 0, 0, 0);
    PERFORM analytics_cohort_move(NEW.admin_id, NEW.id, NEW.created_at, NEW.active_weeks, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER app_users_analytics AFTER INSERT OR DELETE OR UPDATE OF admin_id, created_at ON app_users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION analytics_app_users();
--> statement-breakpoint
-- Redeems paid: a Sent redeem counts on the day it was paid (paid_at).
CREATE FUNCTION analytics_redeems() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 1 AND OLD.paid_at IS NOT NULL THEN
    PERFORM analytics_add(OLD.admin_id, 'total', analytics_day(OLD.admin_id, OLD.paid_at), '', activity_shard(OLD.id), 0, 0, 0, 0, 0, -1, -OLD.reward_cost);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 1 AND NEW.paid_at IS NOT NULL THEN
    PERFORM analytics_add(NEW.admin_id, 'total', analytics_day(NEW.admin_id, NEW.paid_at), '', activity_shard(NEW.id), 0, 0, 0, 0, 0, 1, NEW.reward_cost);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER redeems_analytics AFTER INSERT OR DELETE OR UPDATE OF admin_id, status, paid_at, reward_cost ON redeems
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION analytics_redeems();
--> statement-breakpoint
-- Redeems waiting to be paid (Pending 0, Processing 3) are owed too: kept in the balance totals, on the
-- writing transaction's shard like the ledger's moves (a redeem and its debit move the same row).
CREATE FUNCTION pending_redeems_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_count integer := 0;
  v_points bigint := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status IN (0, 3) THEN
    v_count := v_count - 1;
    v_points := v_points - OLD.reward_cost;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status IN (0, 3) THEN
    v_count := v_count + 1;
    v_points := v_points + NEW.reward_cost;
  END IF;
  IF v_count = 0 AND v_points = 0 THEN RETURN NULL; END IF;
  INSERT INTO balance_totals (admin_id, shard, pending_redeems, pending_redeem_points)
  VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.admin_id ELSE NEW.admin_id END, (txid_current() % 8)::smallint, v_count, v_points)
  ON CONFLICT (admin_id, shard) DO UPDATE SET
    pending_redeems = balance_totals.pending_redeems + EXCLUDED.pending_redeems,
    pending_redeem_points = balance_totals.pending_redeem_points + EXCLUDED.pending_redeem_points;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER redeems_pending_totals AFTER INSERT OR DELETE OR UPDATE OF status, reward_cost ON redeems
  FOR EACH ROW EXECUTE FUNCTION pending_redeems_add();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION balances_rebuild(p_admin uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM balance_totals WHERE admin_id = p_admin;
  INSERT INTO balance_totals (admin_id, shard, available_points, pending_points, pending_redeems, pending_redeem_points)
  SELECT p_admin, shard, sum(available), sum(pending), sum(redeems), sum(redeem_points) FROM (
    SELECT activity_shard(id) AS shard, points AS available, pending_points AS pending, 0 AS redeems, 0::bigint AS redeem_points
      FROM app_users WHERE admin_id = p_admin
    UNION ALL
    SELECT activity_shard(id), 0, 0, 1, reward_cost FROM redeems WHERE admin_id = p_admin AND status IN (0, 3)
  ) AS owed GROUP BY shard;
$$;
--> statement-breakpoint
-- Rebuilds one app's rollups from its rows: after a bulk load with triggers off, or a new time zone.
CREATE FUNCTION analytics_rebuild(p_admin uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_zone text := coalesce((SELECT time_zone FROM general_configs WHERE admin_id = p_admin), 'UTC');
BEGIN
  DELETE FROM analytics_days WHERE admin_id = p_admin;
  DELETE FROM analytics_reach WHERE admin_id = p_admin;
  DELETE FROM analytics_cohorts WHERE admin_id = p_admin;
  INSERT INTO analytics_days (admin_id, dimension, day, key, shard, conversions, reversals, revenue, points)
  SELECT p_admin, d.dimension, o.day, d.key, o.shard, count(*), sum(o.reversed), sum(o.revenue), sum(o.points)
  FROM (
    SELECT (date AT TIME ZONE v_zone)::date AS day, activity_shard(id) AS shard, network, offer_name, platform,
      upper(geo) AS geo, (status = 'reversed')::int AS reversed,
      CASE WHEN status = 'credited' THEN payout ELSE 0 END AS revenue,
      CASE WHEN status = 'credited' THEN points + referral_points ELSE 0 END AS points
    FROM completed_offers WHERE admin_id = p_admin AND status IN ('credited', 'reversed')
  ) AS o
  CROSS JOIN LATERAL (VALUES ('total', ''), ('network', o.network), ('country', coalesce(o.geo, '')),
    ('offer', o.offer_name || ' · ' || o.network), ('platform', coalesce(o.platform, ''))) AS d(dimension, key)
  GROUP BY d.dimension, o.day, d.key, o.shard;
  PERFORM analytics_add(p_admin, 'total', day, '', shard, users::int, 0, 0, 0, 0, 0, 0) FROM (
    SELECT (created_at AT TIME ZONE v_zone)::date AS day, activity_shard(id) AS shard, count(*) AS users
    FROM app_users WHERE admin_id = p_admin GROUP BY 1, 2
  ) AS joined;
  PERFORM analytics_add(p_admin, 'total', day, '', shard, 0, 0, 0, 0, 0, paid::int, paid_points::bigint) FROM (
    SELECT (paid_at AT TIME ZONE v_zone)::date AS day, activity_shard(id) AS shard, count(*) AS paid, sum(reward_cost) AS paid_points
    FROM redeems WHERE admin_id = p_admin AND status = 1 AND paid_at IS NOT NULL GROUP BY 1, 2
  ) AS paid;
  -- Sketches: each offer's bit once, OR-ed per register as an integer (cheap), then each sketch's
  -- registers written out in order as one bit string, the empty ones as zeros.
  INSERT INTO analytics_reach (admin_id, dimension, day, key, sketch)
  SELECT p_admin, dimension, day, key,
    rpad(string_agg(repeat('0', 16 * (register - previous - 1)) || bits::bit(16)::text, '' ORDER BY register), 8192, '0')::bit(8192)
  FROM (
    SELECT dimension, day, key, register, bits,
      coalesce(lag(register) OVER (PARTITION BY dimension, day, key ORDER BY register), -1) AS previous
    FROM (
      SELECT d.dimension, o.day, d.key, o.bit / 16 AS register, bit_or(1 << (15 - o.bit % 16)) AS bits
      FROM (
        SELECT (date AT TIME ZONE v_zone)::date AS day, network, offer_name, upper(geo) AS geo, platform,
          analytics_reach_bit(user_id) AS bit
        FROM completed_offers WHERE admin_id = p_admin AND status IN ('credited', 'reversed')
      ) AS o
      CROSS JOIN LATERAL (VALUES ('network', o.network), ('country', coalesce(o.geo, '')),
        ('offer', o.offer_name || ' · ' || o.network), ('platform', coalesce(o.platform, ''))) AS d(dimension, key)
      GROUP BY 1, 2, 3, 4
    ) AS registers
  ) AS ordered
  GROUP BY dimension, day, key;
  UPDATE app_users SET active_weeks = 0 WHERE admin_id = p_admin AND active_weeks <> 0;
  UPDATE app_users AS u SET active_weeks = f.weeks FROM (
    SELECT user_id, bit_or((1 << week)::int)::smallint AS weeks FROM (
      SELECT DISTINCT o.user_id, (date_trunc('week', (o.date AT TIME ZONE v_zone))::date
        - date_trunc('week', (u.created_at AT TIME ZONE v_zone))::date) / 7 AS week
      FROM completed_offers AS o JOIN app_users AS u ON u.id = o.user_id
      WHERE o.admin_id = p_admin AND o.status IN ('credited', 'reversed')
    ) AS weeks WHERE week BETWEEN 1 AND 8 GROUP BY user_id
  ) AS f WHERE u.id = f.user_id;
  INSERT INTO analytics_cohorts (admin_id, cohort_week, week, shard, users)
  SELECT p_admin, date_trunc('week', (created_at AT TIME ZONE v_zone))::date, w, activity_shard(id), count(*)
  FROM app_users CROSS JOIN generate_series(1, 8) AS w
  WHERE admin_id = p_admin AND active_weeks <> 0 AND active_weeks & (1 << w)::smallint <> 0
  GROUP BY 2, 3, 4;
END $$;
--> statement-breakpoint
SELECT balances_rebuild(id) FROM admins;
--> statement-breakpoint
SELECT analytics_rebuild(id) FROM admins;
