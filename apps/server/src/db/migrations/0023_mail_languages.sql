CREATE TABLE "reward_mail_templates" (
	"admin_id" uuid NOT NULL,
	"language" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_mail_templates_admin_id_language_pk" PRIMARY KEY("admin_id","language")
);
--> statement-breakpoint
ALTER TABLE "app_users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "general_configs" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "reward_mail_templates" ADD CONSTRAINT "reward_mail_templates_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;