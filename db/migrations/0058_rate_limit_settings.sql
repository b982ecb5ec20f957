-- The rate limits become site settings (/admin/settings, PUT /api/admin/config), replacing the RATE_LIMIT_*
-- environment variables; the defaults are the variables' former defaults. Read by lib/limits/rate-limit.ts.
ALTER TABLE "site_settings" ADD COLUMN "rate_limit_login" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "rate_limit_login_window_seconds" integer DEFAULT 300 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "rate_limit_register" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "rate_limit_register_window_seconds" integer DEFAULT 3600 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "rate_limit_posts" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "rate_limit_posts_window_seconds" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "rate_limit_comments" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "rate_limit_comments_window_seconds" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "rate_limit_messages" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "rate_limit_messages_window_seconds" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "rate_limit_uploads" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "rate_limit_uploads_window_seconds" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "rate_limit_verify_resend" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "rate_limit_verify_resend_window_seconds" integer DEFAULT 3600 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "rate_limit_forgot_password" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "rate_limit_forgot_password_window_seconds" integer DEFAULT 900 NOT NULL;