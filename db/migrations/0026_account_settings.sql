ALTER TYPE "public"."notification_type" ADD VALUE 'WATCHED_POST';--> statement-breakpoint
CREATE TABLE "taxonomy_watches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"category_id" integer,
	"tag_id" integer,
	"level" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "taxonomy_watches_level_check" CHECK ("taxonomy_watches"."level" in ('WATCH', 'MUTE')),
	CONSTRAINT "taxonomy_watches_one_target" CHECK (("taxonomy_watches"."category_id" is null) <> ("taxonomy_watches"."tag_id" is null))
);
--> statement-breakpoint
CREATE TABLE "username_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"username" text NOT NULL,
	"changed_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_codes" DROP CONSTRAINT "email_codes_purpose_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "display_name" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "username_change_days" integer DEFAULT 30;--> statement-breakpoint
ALTER TABLE "email_codes" ADD COLUMN "new_email" text;--> statement-breakpoint
ALTER TABLE "taxonomy_watches" ADD CONSTRAINT "taxonomy_watches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taxonomy_watches" ADD CONSTRAINT "taxonomy_watches_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taxonomy_watches" ADD CONSTRAINT "taxonomy_watches_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "username_history" ADD CONSTRAINT "username_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "taxonomy_watches_user_category_idx" ON "taxonomy_watches" USING btree ("user_id","category_id") WHERE "taxonomy_watches"."category_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "taxonomy_watches_user_tag_idx" ON "taxonomy_watches" USING btree ("user_id","tag_id") WHERE "taxonomy_watches"."tag_id" is not null;--> statement-breakpoint
CREATE INDEX "taxonomy_watches_category_idx" ON "taxonomy_watches" USING btree ("category_id","level") WHERE "taxonomy_watches"."category_id" is not null;--> statement-breakpoint
CREATE INDEX "taxonomy_watches_tag_idx" ON "taxonomy_watches" USING btree ("tag_id","level") WHERE "taxonomy_watches"."tag_id" is not null;--> statement-breakpoint
CREATE INDEX "username_history_name_idx" ON "username_history" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "username_history_user_idx" ON "username_history" USING btree ("user_id","changed_at");--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_username_change_days_check" CHECK ("site_settings"."username_change_days" >= 0);--> statement-breakpoint
ALTER TABLE "email_codes" ADD CONSTRAINT "email_codes_purpose_check" CHECK ("email_codes"."purpose" in ('verify', 'reset', 'email'));