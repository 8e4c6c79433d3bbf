CREATE TABLE "saved_views" (
	"id" uuid PRIMARY KEY NOT NULL,
	"app_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"list" text NOT NULL,
	"name" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"state" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_app_id_admins_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_owner_id_admins_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_views_app_list_idx" ON "saved_views" USING btree ("app_id","list","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_own_name_key" ON "saved_views" USING btree ("app_id","owner_id","list",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_shared_name_key" ON "saved_views" USING btree ("app_id","list",lower("name")) WHERE "saved_views"."shared";