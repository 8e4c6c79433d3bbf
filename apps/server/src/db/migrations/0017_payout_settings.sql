CREATE TABLE "payout_settings" (
	"app_id" uuid PRIMARY KEY NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"approval_above" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "redeems" ADD COLUMN "approved_by_admin_id" uuid;--> statement-breakpoint
ALTER TABLE "redeems" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_settings" ADD CONSTRAINT "payout_settings_app_id_admins_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;