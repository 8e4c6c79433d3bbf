CREATE TABLE "app_user_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"admin_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ip_screenings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"admin_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"redeem_id" uuid,
	"purpose" text NOT NULL,
	"ip" text NOT NULL,
	"status" text NOT NULL,
	"country" text,
	"is_vpn" boolean DEFAULT false NOT NULL,
	"is_proxy" boolean DEFAULT false NOT NULL,
	"is_tor" boolean DEFAULT false NOT NULL,
	"is_datacenter" boolean DEFAULT false NOT NULL,
	"is_threat" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY NOT NULL,
	"admin_id" uuid NOT NULL,
	"actor_admin_id" uuid,
	"action" text NOT NULL,
	"record_type" text NOT NULL,
	"record_id" text,
	"changes" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "app_key" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "app_users" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "app_users" ADD COLUMN "risk_reasons" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "redeems" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "redeems" ADD COLUMN "ip_country" text;--> statement-breakpoint
ALTER TABLE "redeems" ADD COLUMN "risk_reasons" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "app_user_sessions" ADD CONSTRAINT "app_user_sessions_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_user_sessions" ADD CONSTRAINT "app_user_sessions_user_id_app_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_screenings" ADD CONSTRAINT "ip_screenings_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_screenings" ADD CONSTRAINT "ip_screenings_user_id_app_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_user_sessions_user_idx" ON "app_user_sessions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ip_screenings_user_idx" ON "ip_screenings" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ip_screenings_redeem_idx" ON "ip_screenings" USING btree ("redeem_id");--> statement-breakpoint
CREATE INDEX "audit_log_admin_created_idx" ON "audit_log" USING btree ("admin_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_admin_action_created_idx" ON "audit_log" USING btree ("admin_id","action","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_admin_record_created_idx" ON "audit_log" USING btree ("admin_id","record_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "admins_app_key_key" ON "admins" USING btree ("app_key");--> statement-breakpoint
CREATE INDEX "app_user_devices_admin_gaid_idx" ON "app_user_devices" USING btree ("admin_id","gaid");--> statement-breakpoint
CREATE INDEX "app_user_devices_admin_android_id_idx" ON "app_user_devices" USING btree ("admin_id","android_id");--> statement-breakpoint
CREATE INDEX "redeems_admin_risky_date_idx" ON "redeems" USING btree ("admin_id","redeem_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE cardinality("redeems"."risk_reasons") > 0;