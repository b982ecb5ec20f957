ALTER TABLE "site_settings" ADD COLUMN "min_post_tags" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "tag_creators" text DEFAULT 'LEVEL' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "tag_create_min_level" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_min_post_tags_check" CHECK ("site_settings"."min_post_tags" BETWEEN 0 AND 5);--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_tag_creators_check" CHECK ("site_settings"."tag_creators" IN ('EVERYONE', 'LEVEL', 'STAFF'));--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_tag_create_min_level_check" CHECK ("site_settings"."tag_create_min_level" BETWEEN 0 AND 6);