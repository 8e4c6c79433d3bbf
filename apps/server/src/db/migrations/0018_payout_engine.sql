CREATE TABLE "balance_totals" (
	"admin_id" uuid NOT NULL,
	"shard" smallint NOT NULL,
	"available_points" bigint DEFAULT 0 NOT NULL,
	"pending_points" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "balance_totals_admin_id_shard_pk" PRIMARY KEY("admin_id","shard")
);
--> statement-breakpoint
CREATE TABLE "payout_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"app_id" uuid NOT NULL,
	"created_by_admin_id" uuid,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"app_id" uuid NOT NULL,
	"redeem_id" uuid NOT NULL,
	"job_id" uuid,
	"requested_by_admin_id" uuid,
	"method" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"provider_order_id" text,
	"provider_reward_id" text,
	"provider_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "point_holds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"app_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"offer_id" uuid,
	"points" bigint NOT NULL,
	"release_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"reason" text NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"app_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"uuid" text NOT NULL,
	"event" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_events_app_id_provider_uuid_pk" PRIMARY KEY("app_id","provider","uuid")
);
--> statement-breakpoint
ALTER TABLE "app_users" ADD COLUMN "pending_points" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD COLUMN "bucket" text DEFAULT 'available' NOT NULL;--> statement-breakpoint
ALTER TABLE "reward_items" ADD COLUMN "provider_product_id" text;--> statement-breakpoint
ALTER TABLE "reward_items" ADD COLUMN "provider_campaign_id" text;--> statement-breakpoint
ALTER TABLE "reward_items" ADD COLUMN "provider_value" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "reward_items" ADD COLUMN "provider_currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_settings" ADD COLUMN "tremendous_api_key" text;--> statement-breakpoint
ALTER TABLE "payout_settings" ADD COLUMN "tremendous_base_url" text;--> statement-breakpoint
ALTER TABLE "payout_settings" ADD COLUMN "tremendous_funding_source_id" text;--> statement-breakpoint
ALTER TABLE "payout_settings" ADD COLUMN "tremendous_webhook_private_key" text;--> statement-breakpoint
ALTER TABLE "payout_settings" ADD COLUMN "tremendous_delivery" text DEFAULT 'EMAIL' NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_settings" ADD COLUMN "hold_rules" jsonb DEFAULT '[{"network":null,"minPayoutUsd":3,"maxLifetimeUsd":100,"maxAccountAgeDays":null,"minReversals":null,"holdDays":14}]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_settings" ADD COLUMN "reversal_hold" jsonb DEFAULT '{"ratePercent":20,"windowDays":30,"minOffers":5,"holdDays":30}'::jsonb;--> statement-breakpoint
ALTER TABLE "payout_settings" ADD COLUMN "auto_approval" jsonb;--> statement-breakpoint
ALTER TABLE "redeems" ADD COLUMN "paid_via" text;--> statement-breakpoint
ALTER TABLE "payout_jobs" ADD CONSTRAINT "payout_jobs_app_id_admins_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_app_id_admins_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_redeem_id_redeems_id_fk" FOREIGN KEY ("redeem_id") REFERENCES "public"."redeems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_job_id_payout_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."payout_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_holds" ADD CONSTRAINT "point_holds_app_id_admins_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_holds" ADD CONSTRAINT "point_holds_user_id_app_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_events" ADD CONSTRAINT "provider_events_app_id_admins_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_jobs_app_created_idx" ON "payout_jobs" USING btree ("app_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_redeem_active_key" ON "payouts" USING btree ("redeem_id") WHERE "payouts"."status" in ('queued', 'processing');--> statement-breakpoint
CREATE INDEX "payouts_redeem_created_idx" ON "payouts" USING btree ("redeem_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_job_idx" ON "payouts" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "payouts_due_idx" ON "payouts" USING btree ("next_attempt_at") WHERE "payouts"."status" in ('queued', 'processing');--> statement-breakpoint
CREATE INDEX "payouts_app_order_idx" ON "payouts" USING btree ("app_id","provider_order_id");--> statement-breakpoint
CREATE INDEX "payouts_app_reward_idx" ON "payouts" USING btree ("app_id","provider_reward_id");--> statement-breakpoint
CREATE INDEX "payouts_app_finished_idx" ON "payouts" USING btree ("app_id","finished_at") WHERE "payouts"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "point_holds_due_idx" ON "point_holds" USING btree ("release_at") WHERE "point_holds"."status" = 'held';--> statement-breakpoint
CREATE INDEX "point_holds_user_created_idx" ON "point_holds" USING btree ("app_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "point_holds_offer_idx" ON "point_holds" USING btree ("app_id","offer_id");--> statement-breakpoint
CREATE INDEX "redeems_admin_paid_idx" ON "redeems" USING btree ("admin_id","paid_at","paid_via","reward_cost") WHERE "redeems"."paid_at" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_bucket_check" CHECK ("bucket" IN ('available', 'pending'));--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_status_check" CHECK ("status" IN ('queued', 'processing', 'paid', 'failed'));--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_method_check" CHECK ("method" IN ('manual', 'inventory', 'provider'));--> statement-breakpoint
ALTER TABLE "point_holds" ADD CONSTRAINT "point_holds_status_check" CHECK ("status" IN ('held', 'released', 'reversed'));--> statement-breakpoint
ALTER TABLE "point_holds" ADD CONSTRAINT "point_holds_points_check" CHECK ("points" > 0);--> statement-breakpoint
ALTER TABLE "redeems" ADD CONSTRAINT "redeems_paid_via_check" CHECK ("paid_via" IN ('manual', 'inventory', 'provider'));--> statement-breakpoint
ALTER TABLE "payout_settings" ADD CONSTRAINT "payout_settings_delivery_check" CHECK ("tremendous_delivery" IN ('EMAIL', 'LINK'));--> statement-breakpoint
ALTER TABLE "reward_items" ADD CONSTRAINT "reward_items_provider_value_check" CHECK ("provider_value" IS NULL OR "provider_value" > 0);--> statement-breakpoint
-- What the app owes its users, kept like the activity totals: every ledger row moves its balance's total,
-- at the same commit (8 rows to sum, however many users). The shard is the writing transaction's, so all
-- the rows one transaction writes move one total row: two transactions never lock two of them in
-- opposite orders.
CREATE OR REPLACE FUNCTION balances_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO balance_totals (admin_id, shard, available_points, pending_points)
  VALUES (NEW.admin_id, (txid_current() % 8)::smallint,
    CASE WHEN NEW.bucket = 'available' THEN NEW.amount ELSE 0 END,
    CASE WHEN NEW.bucket = 'pending' THEN NEW.amount ELSE 0 END)
  ON CONFLICT (admin_id, shard) DO UPDATE SET
    available_points = balance_totals.available_points + EXCLUDED.available_points,
    pending_points = balance_totals.pending_points + EXCLUDED.pending_points;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER points_ledger_balances AFTER INSERT ON points_ledger FOR EACH ROW EXECUTE FUNCTION balances_add();--> statement-breakpoint
-- After a bulk load (triggers disabled), the totals are summed from the users' cached balances.
CREATE OR REPLACE FUNCTION balances_rebuild(p_admin uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM balance_totals WHERE admin_id = p_admin;
  INSERT INTO balance_totals (admin_id, shard, available_points, pending_points)
  SELECT p_admin, activity_shard(id), sum(points), sum(pending_points) FROM app_users
    WHERE admin_id = p_admin GROUP BY 2;
$$;--> statement-breakpoint
INSERT INTO balance_totals (admin_id, shard, available_points, pending_points)
SELECT admin_id, activity_shard(id), sum(points), sum(pending_points) FROM app_users GROUP BY 1, 2;
