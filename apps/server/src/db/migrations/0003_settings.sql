CREATE TABLE "app_settings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"admin_id" uuid NOT NULL,
	"app_name" text NOT NULL,
	"moto" text NOT NULL,
	"domain" text NOT NULL,
	"sharing_domain" text NOT NULL,
	"endpoint" text NOT NULL,
	"logo_upload_id" uuid,
	"favicon_upload_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "general_configs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"admin_id" uuid NOT NULL,
	"ref_percent" integer NOT NULL,
	"ratio" integer NOT NULL,
	"fb_like" integer NOT NULL,
	"fb_share" integer NOT NULL,
	"tw_share" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "giveaways" (
	"id" uuid PRIMARY KEY NOT NULL,
	"admin_id" uuid NOT NULL,
	"giveaway_title" text DEFAULT '' NOT NULL,
	"giveaway_description" text DEFAULT '' NOT NULL,
	"giveaway_status" integer DEFAULT 0 NOT NULL,
	"winner_title" text DEFAULT '' NOT NULL,
	"winner_description" text DEFAULT '' NOT NULL,
	"winner_status" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_configs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"admin_id" uuid NOT NULL,
	"mailgun_domain" text NOT NULL,
	"api_key" text NOT NULL,
	"from_email" text NOT NULL,
	"support_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "native_ads_configs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"admin_id" uuid NOT NULL,
	"network" text NOT NULL,
	"ow_click" integer DEFAULT 0 NOT NULL,
	"nav_click" integer DEFAULT 0 NOT NULL,
	"ow_enable" integer DEFAULT 0 NOT NULL,
	"open_enable" integer DEFAULT 0 NOT NULL,
	"nav_click_enable" integer DEFAULT 0 NOT NULL,
	"banner_enable" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "network_configs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"admin_id" uuid NOT NULL,
	"network" text NOT NULL,
	"app_id" text DEFAULT '' NOT NULL,
	"app_token" text DEFAULT '' NOT NULL,
	"postback_secret" text DEFAULT '' NOT NULL,
	"postback_secret_android" text DEFAULT '' NOT NULL,
	"provision" double precision DEFAULT 1 NOT NULL,
	"ios_enable" integer DEFAULT 0 NOT NULL,
	"android_enable" integer DEFAULT 0 NOT NULL,
	"allowed_ips" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"admin_id" uuid NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_configs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"admin_id" uuid NOT NULL,
	"service_account_key" text NOT NULL,
	"project_id" text NOT NULL,
	"client_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_configs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"admin_id" uuid NOT NULL,
	"name" text NOT NULL,
	"app_id" text DEFAULT '' NOT NULL,
	"app_secret" text DEFAULT '' NOT NULL,
	"app_page" text DEFAULT '' NOT NULL,
	"share_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_logo_upload_id_uploads_id_fk" FOREIGN KEY ("logo_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_favicon_upload_id_uploads_id_fk" FOREIGN KEY ("favicon_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "general_configs" ADD CONSTRAINT "general_configs_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaways" ADD CONSTRAINT "giveaways_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_configs" ADD CONSTRAINT "mail_configs_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "native_ads_configs" ADD CONSTRAINT "native_ads_configs_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_configs" ADD CONSTRAINT "network_configs_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_configs" ADD CONSTRAINT "push_configs_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_configs" ADD CONSTRAINT "social_configs_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_settings_admin_key" ON "app_settings" USING btree ("admin_id");--> statement-breakpoint
CREATE UNIQUE INDEX "general_configs_admin_key" ON "general_configs" USING btree ("admin_id");--> statement-breakpoint
CREATE UNIQUE INDEX "giveaways_admin_key" ON "giveaways" USING btree ("admin_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_configs_admin_key" ON "mail_configs" USING btree ("admin_id");--> statement-breakpoint
CREATE UNIQUE INDEX "native_ads_configs_admin_network_key" ON "native_ads_configs" USING btree ("admin_id","network");--> statement-breakpoint
CREATE UNIQUE INDEX "network_configs_admin_network_key" ON "network_configs" USING btree ("admin_id","network");--> statement-breakpoint
CREATE INDEX "notifications_admin_created_idx" ON "notifications" USING btree ("admin_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "push_configs_admin_key" ON "push_configs" USING btree ("admin_id");--> statement-breakpoint
CREATE UNIQUE INDEX "social_configs_admin_name_key" ON "social_configs" USING btree ("admin_id","name");