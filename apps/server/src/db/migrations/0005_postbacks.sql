CREATE TABLE "postback_log" (
	"id" uuid PRIMARY KEY NOT NULL,
	"admin_id" uuid NOT NULL,
	"network" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"ip" text,
	"query" jsonb NOT NULL,
	"body" jsonb,
	"outcome" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"user_id" text,
	"transaction_id" text,
	"points" integer DEFAULT 0 NOT NULL,
	"http_status" integer NOT NULL,
	"response" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "completed_offers" ADD COLUMN "referrer_id" uuid;--> statement-breakpoint
ALTER TABLE "completed_offers" ADD COLUMN "referral_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "postback_log" ADD CONSTRAINT "postback_log_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "postback_log_admin_created_idx" ON "postback_log" USING btree ("admin_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "postback_log_admin_network_idx" ON "postback_log" USING btree ("admin_id","network","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "postback_log_admin_outcome_idx" ON "postback_log" USING btree ("admin_id","outcome","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "postback_log_admin_user_idx" ON "postback_log" USING btree ("admin_id","user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "postback_log_admin_tx_idx" ON "postback_log" USING btree ("admin_id","transaction_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);