-- Mail (issue 23): verified addresses, one-time codes and tokens, per-member email
-- preferences and a durable outbox drained by the scheduler.
-- Accounts that exist already (demo, admin-created, OAuth) count as verified; registration sets null.
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp (3) with time zone DEFAULT now();--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"user_id" integer REFERENCES "users"("id") ON DELETE CASCADE,
	"post_id" integer REFERENCES "posts"("id") ON DELETE CASCADE,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp (3) with time zone,
	"claimed_by" text,
	"last_error" text,
	"message_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp (3) with time zone,
	CONSTRAINT "mail_outbox_status_check" CHECK ("status" in ('pending', 'sending', 'sent', 'failed', 'cancelled'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_dedupe_idx" ON "mail_outbox" ("dedupe_key");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" ("next_attempt_at", "id") WHERE "status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "mail_outbox_user_idx" ON "mail_outbox" ("user_id", "created_at");--> statement-breakpoint
CREATE TABLE "email_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_codes_purpose_check" CHECK ("purpose" in ('verify', 'reset'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "email_codes_hash_idx" ON "email_codes" ("code_hash");--> statement-breakpoint
CREATE INDEX "email_codes_user_idx" ON "email_codes" ("user_id", "purpose", "created_at");--> statement-breakpoint
CREATE TABLE "email_prefs" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"mode" text DEFAULT 'immediate' NOT NULL,
	"last_digest_at" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_prefs_mode_check" CHECK ("mode" in ('immediate', 'daily', 'weekly', 'off'))
);--> statement-breakpoint
CREATE INDEX "email_prefs_digest_idx" ON "email_prefs" ("mode", "last_digest_at") WHERE "mode" in ('daily', 'weekly');--> statement-breakpoint
-- Replies and mentions waiting for the reply-mail job. Filled by a trigger in the same transaction as
-- the notification, so none is missed whatever order concurrent transactions commit in.
CREATE TABLE "notification_mail_queue" (
	"notification_id" integer PRIMARY KEY NOT NULL REFERENCES "notifications"("id") ON DELETE CASCADE,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION forum_queue_notification_mail() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.type IN ('COMMENT_REPLY', 'MENTION') THEN
    INSERT INTO notification_mail_queue (notification_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER notifications_mail_queue AFTER INSERT ON notifications FOR EACH ROW EXECUTE FUNCTION forum_queue_notification_mail();
