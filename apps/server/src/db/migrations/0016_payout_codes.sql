CREATE TABLE "reward_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"admin_id" uuid NOT NULL,
	"reward_item_id" uuid NOT NULL,
	"code" text NOT NULL,
	"pin" text,
	"fingerprint" text NOT NULL,
	"last4" text NOT NULL,
	"expires_on" date,
	"redeem_id" uuid,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reward_items" ADD COLUMN "fulfilment" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "reward_items" ADD COLUMN "low_stock_below" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "reward_items" ADD CONSTRAINT "reward_items_fulfilment_check" CHECK ("fulfilment" IN ('manual', 'inventory', 'provider'));--> statement-breakpoint
ALTER TABLE "reward_codes" ADD CONSTRAINT "reward_codes_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_codes" ADD CONSTRAINT "reward_codes_reward_item_id_reward_items_id_fk" FOREIGN KEY ("reward_item_id") REFERENCES "public"."reward_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_codes" ADD CONSTRAINT "reward_codes_redeem_id_redeems_id_fk" FOREIGN KEY ("redeem_id") REFERENCES "public"."redeems"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reward_codes_admin_fingerprint_key" ON "reward_codes" USING btree ("admin_id","fingerprint");--> statement-breakpoint
CREATE UNIQUE INDEX "reward_codes_redeem_key" ON "reward_codes" USING btree ("redeem_id");--> statement-breakpoint
CREATE INDEX "reward_codes_item_unused_idx" ON "reward_codes" USING btree ("reward_item_id","expires_on","id") WHERE "reward_codes"."used_at" IS NULL;--> statement-breakpoint
CREATE INDEX "reward_codes_item_created_idx" ON "reward_codes" USING btree ("reward_item_id","created_at","id");