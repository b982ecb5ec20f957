-- Issue 18, admin pages: categories in an order admins choose (0 = not placed: after the placed ones,
-- by post count as before), point goods retired from the shop without losing their redemptions, and
-- a registration switch in the site settings.
ALTER TABLE "categories" ADD COLUMN IF NOT EXISTS "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "point_goods" ADD COLUMN IF NOT EXISTS "retired_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN IF NOT EXISTS "registration_mode" text DEFAULT 'OPEN' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" DROP CONSTRAINT IF EXISTS "site_settings_registration_mode_check";--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_registration_mode_check" CHECK ("registration_mode" IN ('OPEN', 'CLOSED'));
