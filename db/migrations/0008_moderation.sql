-- Moderation (issue 18): member flags on posts and comments, content hidden until reviewed, staff
-- edits made visible, comment history, suspensions, slow mode and the admin audit log.
CREATE TABLE IF NOT EXISTS "flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"reporter_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"post_id" integer NOT NULL REFERENCES "posts"("id") ON DELETE cascade,
	"comment_id" integer REFERENCES "comments"("id") ON DELETE cascade,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"action" text,
	"resolved_by_id" integer REFERENCES "users"("id") ON DELETE set null,
	"resolved_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flags_reason_check" CHECK ("reason" in ('SPAM', 'INAPPROPRIATE', 'OFF_TOPIC', 'OTHER')),
	CONSTRAINT "flags_status_check" CHECK ("status" in ('OPEN', 'RESOLVED')),
	CONSTRAINT "flags_action_check" CHECK ("action" is null or "action" in ('DISMISS', 'HIDE', 'DELETE', 'CLOSE_POST'))
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "flags_post_reporter_unique" ON "flags" USING btree ("post_id","reporter_id") WHERE "comment_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "flags_comment_reporter_unique" ON "flags" USING btree ("comment_id","reporter_id") WHERE "comment_id" is not null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "flags_status_idx" ON "flags" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "flags_reporter_idx" ON "flags" USING btree ("reporter_id");--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN IF NOT EXISTS "hidden_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN IF NOT EXISTS "staff_edited_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN IF NOT EXISTS "slow_mode_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN IF NOT EXISTS "hidden_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN IF NOT EXISTS "edited_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN IF NOT EXISTS "staff_edited_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "post_change_logs" ADD COLUMN IF NOT EXISTS "comment_id" integer REFERENCES "comments"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "post_change_logs" ADD COLUMN IF NOT EXISTS "restored_version" integer;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "post_change_logs_comment_idx" ON "post_change_logs" USING btree ("comment_id","created_at","id") WHERE "comment_id" is not null;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN IF NOT EXISTS "flag_hide_threshold" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "suspended_until" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "suspended_reason" text;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "audit_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer REFERENCES "users"("id") ON DELETE set null,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_logs_created_idx" ON "audit_logs" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TYPE "notification_type" ADD VALUE IF NOT EXISTS 'FLAG_RESOLVED';--> statement-breakpoint
ALTER TYPE "notification_type" ADD VALUE IF NOT EXISTS 'CONTENT_MODERATED';
