CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "app_user_devices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"admin_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"device_name" text,
	"bssid" text,
	"gaid" text,
	"locale" text,
	"resolution" text,
	"country_code" text,
	"carrier_country" text,
	"os_version" text,
	"android_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"admin_id" uuid NOT NULL,
	"username" text NOT NULL,
	"refer_code" text NOT NULL,
	"referred_by" uuid,
	"device" text,
	"geo" text,
	"ip_signup" text,
	"visitor_id" text,
	"points" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"provision" numeric(5, 2) DEFAULT 0 NOT NULL,
	"google_id" text,
	"facebook_id" text,
	"user_info" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "completed_offers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"admin_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"network" text NOT NULL,
	"transaction_id" text NOT NULL,
	"offer_name" text NOT NULL,
	"payout" numeric(14, 4) NOT NULL,
	"points" integer NOT NULL,
	"ip" text,
	"geo" text,
	"status" text DEFAULT 'credited' NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_ledger" (
	"id" uuid PRIMARY KEY NOT NULL,
	"admin_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"reference_id" uuid,
	"actor_admin_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_user_devices" ADD CONSTRAINT "app_user_devices_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_user_devices" ADD CONSTRAINT "app_user_devices_user_id_app_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_users" ADD CONSTRAINT "app_users_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_users" ADD CONSTRAINT "app_users_referred_by_app_users_id_fk" FOREIGN KEY ("referred_by") REFERENCES "public"."app_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "completed_offers" ADD CONSTRAINT "completed_offers_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "completed_offers" ADD CONSTRAINT "completed_offers_user_id_app_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_user_id_app_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_user_devices_user_idx" ON "app_user_devices" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "app_users_admin_username_key" ON "app_users" USING btree ("admin_id","username");--> statement-breakpoint
CREATE UNIQUE INDEX "app_users_admin_refer_code_key" ON "app_users" USING btree ("admin_id","refer_code");--> statement-breakpoint
CREATE INDEX "app_users_admin_created_idx" ON "app_users" USING btree ("admin_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "app_users_admin_points_idx" ON "app_users" USING btree ("admin_id","points","id");--> statement-breakpoint
CREATE INDEX "app_users_admin_status_created_idx" ON "app_users" USING btree ("admin_id","is_active","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "app_users_admin_ip_idx" ON "app_users" USING btree ("admin_id","ip_signup" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "app_users_admin_visitor_idx" ON "app_users" USING btree ("admin_id","visitor_id");--> statement-breakpoint
CREATE INDEX "app_users_admin_referred_by_idx" ON "app_users" USING btree ("admin_id","referred_by");--> statement-breakpoint
CREATE INDEX "app_users_username_trgm_idx" ON "app_users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "completed_offers_admin_network_tx_key" ON "completed_offers" USING btree ("admin_id","network","transaction_id");--> statement-breakpoint
CREATE INDEX "completed_offers_admin_date_idx" ON "completed_offers" USING btree ("admin_id","date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "completed_offers_admin_payout_idx" ON "completed_offers" USING btree ("admin_id","payout","id");--> statement-breakpoint
CREATE INDEX "completed_offers_admin_network_date_idx" ON "completed_offers" USING btree ("admin_id","network","date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "completed_offers_admin_user_date_idx" ON "completed_offers" USING btree ("admin_id","user_id","date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "completed_offers_admin_ip_idx" ON "completed_offers" USING btree ("admin_id","ip" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "points_ledger_user_created_idx" ON "points_ledger" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "points_ledger_user_reason_idx" ON "points_ledger" USING btree ("user_id","reason");