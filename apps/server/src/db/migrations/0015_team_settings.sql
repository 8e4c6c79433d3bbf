CREATE TABLE "team_settings" (
	"app_id" uuid PRIMARY KEY NOT NULL,
	"require_mfa" boolean DEFAULT false NOT NULL,
	"support_adjustment_limit" bigint DEFAULT 1000 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "team_settings" ADD CONSTRAINT "team_settings_app_id_admins_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "points_ledger_adjustment_actor_idx" ON "points_ledger" USING btree ("admin_id","actor_admin_id","created_at") WHERE "points_ledger"."reason" = 'admin_adjustment';--> statement-breakpoint
CREATE INDEX "audit_log_admin_actor_created_idx" ON "audit_log" USING btree ("admin_id","actor_admin_id","created_at","id");