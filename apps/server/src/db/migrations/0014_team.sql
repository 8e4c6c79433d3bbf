CREATE TABLE "app_members" (
	"app_id" uuid NOT NULL,
	"admin_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_members_app_id_admin_id_pk" PRIMARY KEY("app_id","admin_id"),
	CONSTRAINT "app_members_role_check" CHECK ("role" IN ('owner', 'admin', 'support', 'viewer'))
);
--> statement-breakpoint
-- Every existing account becomes the owner of its own app (the app is named by the owner's id).
INSERT INTO "app_members" ("app_id", "admin_id", "role") SELECT "id", "id", 'owner' FROM "admins";
--> statement-breakpoint
CREATE TABLE "team_invites" (
	"id" uuid PRIMARY KEY NOT NULL,
	"app_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_invites_role_check" CHECK ("role" IN ('owner', 'admin', 'support', 'viewer'))
);
--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD COLUMN "app_id" uuid;--> statement-breakpoint
-- Open sessions keep working, in the account's own app.
UPDATE "admin_sessions" SET "app_id" = "admin_id";--> statement-breakpoint
ALTER TABLE "admin_sessions" ALTER COLUMN "app_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "app_members" ADD CONSTRAINT "app_members_app_id_admins_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_members" ADD CONSTRAINT "app_members_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invites" ADD CONSTRAINT "team_invites_app_id_admins_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invites" ADD CONSTRAINT "team_invites_invited_by_admins_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_members_admin_idx" ON "app_members" USING btree ("admin_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_invites_token_hash_key" ON "team_invites" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "team_invites_app_idx" ON "team_invites" USING btree ("app_id","created_at");--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD CONSTRAINT "admin_sessions_app_id_admins_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;