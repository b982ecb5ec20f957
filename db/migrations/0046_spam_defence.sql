-- Spam and abuse defence (issue 58): new-member limits in site_settings, watched words, screened
-- emails and addresses, silences, and the log of what the defence did. Rules: lib/services/spam/.
ALTER TABLE "site_settings" ADD COLUMN "new_member_max_links" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "new_member_max_images" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "new_member_max_mentions" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "new_member_profile_links" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "new_member_cooldown_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "new_member_review_posts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "spam_flag_silence_threshold" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "link_burst_limit" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "link_burst_minutes" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "signup_min_fill_seconds" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "block_disposable_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE TABLE "watched_words" (
	"id" serial PRIMARY KEY NOT NULL,
	"word" text NOT NULL,
	"action" text NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watched_words_action_check" CHECK ("watched_words"."action" IN ('BLOCK', 'REQUIRE_APPROVAL', 'CENSOR', 'FLAG'))
);--> statement-breakpoint
CREATE TABLE "screened_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"action" text NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "screened_emails_action_check" CHECK ("screened_emails"."action" IN ('BLOCK', 'ALLOW'))
);--> statement-breakpoint
CREATE TABLE "screened_ips" (
	"id" serial PRIMARY KEY NOT NULL,
	"cidr" text NOT NULL,
	"action" text NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "screened_ips_action_check" CHECK ("screened_ips"."action" IN ('BLOCK', 'ALLOW'))
);--> statement-breakpoint
CREATE TABLE "member_silences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"automatic" boolean DEFAULT false NOT NULL,
	"by_id" integer,
	"reviewed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "spam_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"kind" text NOT NULL,
	"rule" text NOT NULL,
	"detail" jsonb,
	"ip" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "watched_words" ADD CONSTRAINT "watched_words_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screened_emails" ADD CONSTRAINT "screened_emails_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screened_ips" ADD CONSTRAINT "screened_ips_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_silences" ADD CONSTRAINT "member_silences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_silences" ADD CONSTRAINT "member_silences_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spam_events" ADD CONSTRAINT "spam_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "watched_words_word_idx" ON "watched_words" USING btree (lower("word"));--> statement-breakpoint
CREATE UNIQUE INDEX "screened_emails_domain_idx" ON "screened_emails" USING btree (lower("domain"));--> statement-breakpoint
CREATE UNIQUE INDEX "screened_ips_cidr_idx" ON "screened_ips" USING btree ("cidr");--> statement-breakpoint
CREATE INDEX "spam_events_created_idx" ON "spam_events" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "spam_events_user_idx" ON "spam_events" USING btree ("user_id","created_at");
