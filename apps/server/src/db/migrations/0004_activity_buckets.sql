CREATE TABLE "activity_buckets" (
	"admin_id" uuid NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"shard" smallint NOT NULL,
	"users" integer DEFAULT 0 NOT NULL,
	"offers" integer DEFAULT 0 NOT NULL,
	"revenue" numeric(16, 4) DEFAULT 0 NOT NULL,
	"redeems" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "activity_buckets_admin_id_bucket_start_shard_pk" PRIMARY KEY("admin_id","bucket_start","shard")
);
--> statement-breakpoint
CREATE FUNCTION activity_bucket(at timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT to_timestamp(floor(extract(epoch FROM at) / 900) * 900)
$$;
--> statement-breakpoint
CREATE FUNCTION activity_shard(id uuid) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT (abs(hashtext(id::text)) % 8)::smallint
$$;
--> statement-breakpoint
CREATE FUNCTION activity_add(p_admin uuid, p_at timestamptz, p_shard smallint, p_users integer, p_offers integer, p_revenue numeric, p_redeems integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO activity_buckets (admin_id, bucket_start, shard, users, offers, revenue, redeems)
  VALUES (p_admin, activity_bucket(p_at), p_shard, p_users, p_offers, p_revenue, p_redeems)
  ON CONFLICT (admin_id, bucket_start, shard) DO UPDATE SET
    users = activity_buckets.users + EXCLUDED.users,
    offers = activity_buckets.offers + EXCLUDED.offers,
    revenue = activity_buckets.revenue + EXCLUDED.revenue,
    redeems = activity_buckets.redeems + EXCLUDED.redeems
$$;
--> statement-breakpoint
CREATE FUNCTION activity_app_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM activity_add(OLD.admin_id, OLD.created_at, activity_shard(OLD.id), -1, 0, 0, 0);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM activity_add(NEW.admin_id, NEW.created_at, activity_shard(NEW.id), 1, 0, 0, 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A constraint trigger deferred to commit: the slot row is locked only while the transaction commits,
-- not for its whole length, so concurrent writers (postbacks) barely wait on each other.
CREATE CONSTRAINT TRIGGER app_users_activity AFTER INSERT OR DELETE OR UPDATE OF admin_id, created_at ON app_users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION activity_app_users();
--> statement-breakpoint
CREATE FUNCTION activity_completed_offers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM activity_add(OLD.admin_id, OLD.date, activity_shard(OLD.id), 0, -1,
      -(CASE WHEN OLD.status = 'credited' THEN OLD.payout ELSE 0 END), 0);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM activity_add(NEW.admin_id, NEW.date, activity_shard(NEW.id), 0, 1,
      CASE WHEN NEW.status = 'credited' THEN NEW.payout ELSE 0 END, 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A constraint trigger deferred to commit: the slot row is locked only while the transaction commits,
-- not for its whole length, so concurrent writers (postbacks) barely wait on each other.
CREATE CONSTRAINT TRIGGER completed_offers_activity AFTER INSERT OR DELETE OR UPDATE OF admin_id, date, status, payout ON completed_offers
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION activity_completed_offers();
--> statement-breakpoint
CREATE FUNCTION activity_redeems() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM activity_add(OLD.admin_id, OLD.redeem_date, activity_shard(OLD.id), 0, 0, 0, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM activity_add(NEW.admin_id, NEW.redeem_date, activity_shard(NEW.id), 0, 0, 0, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A constraint trigger deferred to commit: the slot row is locked only while the transaction commits,
-- not for its whole length, so concurrent writers (postbacks) barely wait on each other.
CREATE CONSTRAINT TRIGGER redeems_activity AFTER INSERT OR DELETE OR UPDATE OF admin_id, redeem_date ON redeems
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION activity_redeems();
--> statement-breakpoint
-- Rebuilds one tenant's slots from the tables (after a bulk load that ran with triggers disabled).
CREATE FUNCTION activity_rebuild(p_admin uuid) RETURNS void LANGUAGE sql AS $$
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
$$;
--> statement-breakpoint
SELECT activity_rebuild(id) FROM admins;
