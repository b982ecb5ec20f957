CREATE TYPE "public"."change_log_type" AS ENUM('CONTENT', 'TITLE', 'CATEGORY', 'TAG', 'CLOSED', 'PINNED', 'FEATURED', 'VISIBLE_SCOPE', 'VOTE_RESULT', 'LOTTERY_RESULT', 'DONATE');--> statement-breakpoint
CREATE TYPE "public"."medal_type" AS ENUM('COMMENT', 'POST', 'FEATURED', 'CONTRIBUTOR', 'SEED', 'PIONEER');--> statement-breakpoint
CREATE TYPE "public"."notification_type" AS ENUM('POST_VIEWED', 'COMMENT_REPLY', 'REACTION', 'POST_REVIEW_REQUEST', 'POST_REVIEWED', 'POST_DELETED', 'POST_UPDATED', 'POST_SUBSCRIBED', 'POST_UNSUBSCRIBED', 'FOLLOWED_POST', 'USER_FOLLOWED', 'USER_UNFOLLOWED', 'USER_ACTIVITY', 'REGISTER_REQUEST', 'ACTIVITY_REDEEM', 'POINT_REDEEM', 'LOTTERY_WIN', 'LOTTERY_DRAW', 'POLL_VOTE', 'POLL_RESULT_OWNER', 'POLL_RESULT_PARTICIPANT', 'CATEGORY_PROPOSAL_RESULT_OWNER', 'CATEGORY_PROPOSAL_RESULT_PARTICIPANT', 'POST_FEATURED', 'DONATION', 'MENTION');--> statement-breakpoint
CREATE TYPE "public"."point_history_type" AS ENUM('SYSTEM_ONLINE', 'POST', 'COMMENT', 'POST_LIKED', 'COMMENT_LIKED', 'POST_LIKE_CANCELLED', 'COMMENT_LIKE_CANCELLED', 'INVITE', 'FEATURE', 'REDEEM', 'LOTTERY_JOIN', 'LOTTERY_REWARD', 'DONATE_SENT', 'DONATE_RECEIVED', 'ADMIN_GRANT');--> statement-breakpoint
CREATE TYPE "public"."post_status" AS ENUM('PUBLISHED', 'PENDING', 'REJECTED');--> statement-breakpoint
CREATE TYPE "public"."post_type" AS ENUM('NORMAL', 'LOTTERY', 'POLL');--> statement-breakpoint
CREATE TYPE "public"."publish_mode" AS ENUM('DIRECT', 'REVIEW');--> statement-breakpoint
CREATE TYPE "public"."reaction_type" AS ENUM('LIKE', 'DISLIKE', 'SMILE', 'RECOMMEND', 'CONGRATULATIONS', 'ANGRY', 'FLUSHED', 'STAR_STRUCK', 'ROFL', 'HOLDING_BACK_TEARS', 'MIND_BLOWN', 'POOP', 'CLOWN', 'SKULL', 'FIRE', 'EYES', 'FROWN', 'HOT', 'EAGLE', 'SPIDER', 'BAT', 'CHINA', 'USA', 'JAPAN', 'KOREA');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('USER', 'MODERATOR', 'ADMIN');--> statement-breakpoint
CREATE TYPE "public"."visible_scope" AS ENUM('ALL', 'ONLY_ME', 'ONLY_REGISTER');--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"scopes" text[] NOT NULL,
	"kind" text DEFAULT 'personal' NOT NULL,
	"expires_at" timestamp (3) with time zone,
	"last_used_at" timestamp (3) with time zone,
	"revoked_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_counters" (
	"user_id" integer NOT NULL,
	"day" text NOT NULL,
	"kind" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"avatar" text DEFAULT '' NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"role" "user_role" DEFAULT 'USER' NOT NULL,
	"bot" boolean DEFAULT false NOT NULL,
	"contributor" boolean DEFAULT false NOT NULL,
	"display_medal" "medal_type",
	"earned_medal" "medal_type",
	"point" integer DEFAULT 0 NOT NULL,
	"experience" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_point_nonnegative" CHECK ("users"."point" >= 0)
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"small_icon" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"small_icon" text DEFAULT '' NOT NULL,
	"creator_id" integer,
	"approved" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"parent_id" integer,
	"content" text NOT NULL,
	"pinned_at" timestamp (3) with time zone,
	"deleted_at" timestamp (3) with time zone,
	"reward" integer DEFAULT 0 NOT NULL,
	"point_reward" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_subscriptions" (
	"user_id" integer NOT NULL,
	"post_id" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_subscriptions_user_id_post_id_pk" PRIMARY KEY("user_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "post_tags" (
	"post_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "post_tags_post_id_tag_id_pk" PRIMARY KEY("post_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "post_views" (
	"post_id" integer NOT NULL,
	"viewer_key" text NOT NULL,
	"viewed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_views_post_id_viewer_key_pk" PRIMARY KEY("post_id","viewer_key")
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"author_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"type" "post_type" DEFAULT 'NORMAL' NOT NULL,
	"status" "post_status" DEFAULT 'PUBLISHED' NOT NULL,
	"visible_scope" "visible_scope" DEFAULT 'ALL' NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"pinned_at" timestamp (3) with time zone,
	"last_reply_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"rss_excluded" boolean DEFAULT true NOT NULL,
	"featured_at" timestamp (3) with time zone,
	"reward" integer DEFAULT 0 NOT NULL,
	"point_reward" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" "reaction_type" NOT NULL,
	"post_id" integer,
	"comment_id" integer,
	"reward" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lotteries" (
	"post_id" integer PRIMARY KEY NOT NULL,
	"prize_description" text NOT NULL,
	"prize_icon" text DEFAULT '' NOT NULL,
	"prize_count" integer NOT NULL,
	"point_cost" integer DEFAULT 0 NOT NULL,
	"start_time" timestamp (3) with time zone NOT NULL,
	"end_time" timestamp (3) with time zone NOT NULL,
	"seed_hash" text NOT NULL,
	"seed" text NOT NULL,
	"drawn_at" timestamp (3) with time zone,
	CONSTRAINT "lotteries_cost_range" CHECK ("lotteries"."point_cost" between 0 and 100),
	CONSTRAINT "lotteries_prize_count" CHECK ("lotteries"."prize_count" >= 1)
);
--> statement-breakpoint
CREATE TABLE "lottery_participants" (
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"joined_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lottery_participants_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "lottery_winners" (
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"rank" integer NOT NULL,
	CONSTRAINT "lottery_winners_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "point_goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cost" integer NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_goods_cost_positive" CHECK ("point_goods"."cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "point_histories" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" "point_history_type" NOT NULL,
	"amount" integer NOT NULL,
	"balance" integer NOT NULL,
	"post_id" integer,
	"comment_id" integer,
	"from_user_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_histories_balance" CHECK ("point_histories"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "poll_votes" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"option" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "polls" (
	"post_id" integer PRIMARY KEY NOT NULL,
	"options" text[] NOT NULL,
	"multiple" boolean DEFAULT false NOT NULL,
	"end_time" timestamp (3) with time zone NOT NULL,
	"finalized_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"good_id" integer,
	"good_name" text NOT NULL,
	"cost" integer NOT NULL,
	"contact" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_prefs" (
	"user_id" integer NOT NULL,
	"type" "notification_type" NOT NULL,
	"enabled" boolean NOT NULL,
	CONSTRAINT "notification_prefs_user_id_type_pk" PRIMARY KEY("user_id","type")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" "notification_type" NOT NULL,
	"post_id" integer,
	"comment_id" integer,
	"from_user_id" integer,
	"reaction_type" "reaction_type",
	"content" text,
	"approved" boolean,
	"read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_change_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"actor_id" integer,
	"type" "change_log_type" NOT NULL,
	"old_title" text,
	"new_title" text,
	"old_content" text,
	"new_content" text,
	"old_category" jsonb,
	"new_category" jsonb,
	"old_tags" jsonb,
	"new_tags" jsonb,
	"old_closed" boolean,
	"new_closed" boolean,
	"old_pinned_at" timestamp (3) with time zone,
	"new_pinned_at" timestamp (3) with time zone,
	"old_featured" boolean,
	"new_featured" boolean,
	"old_visible_scope" "visible_scope",
	"new_visible_scope" "visible_scope",
	"amount" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"publish_mode" "publish_mode" DEFAULT 'DIRECT' NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"key" text NOT NULL,
	"url" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"owner_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_counters" ADD CONSTRAINT "daily_counters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_parent_id_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_subscriptions" ADD CONSTRAINT "post_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_subscriptions" ADD CONSTRAINT "post_subscriptions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_tags" ADD CONSTRAINT "post_tags_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_tags" ADD CONSTRAINT "post_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_views" ADD CONSTRAINT "post_views_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reactions" ADD CONSTRAINT "reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reactions" ADD CONSTRAINT "reactions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reactions" ADD CONSTRAINT "reactions_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotteries" ADD CONSTRAINT "lotteries_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_participants" ADD CONSTRAINT "lottery_participants_post_id_lotteries_post_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."lotteries"("post_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_participants" ADD CONSTRAINT "lottery_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_winners" ADD CONSTRAINT "lottery_winners_post_id_lotteries_post_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."lotteries"("post_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_winners" ADD CONSTRAINT "lottery_winners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_histories" ADD CONSTRAINT "point_histories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_histories" ADD CONSTRAINT "point_histories_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_histories" ADD CONSTRAINT "point_histories_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_histories" ADD CONSTRAINT "point_histories_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_post_id_polls_post_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."polls"("post_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "polls" ADD CONSTRAINT "polls_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_good_id_point_goods_id_fk" FOREIGN KEY ("good_id") REFERENCES "public"."point_goods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_prefs" ADD CONSTRAINT "notification_prefs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_change_logs" ADD CONSTRAINT "post_change_logs_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_change_logs" ADD CONSTRAINT "post_change_logs_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_hash_idx" ON "api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_tokens_user_idx" ON "api_tokens" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "daily_counters_pk" ON "daily_counters" USING btree ("user_id","day","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_lower_idx" ON "categories" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_lower_idx" ON "tags" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "comments_post_idx" ON "comments" USING btree ("post_id","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_parent_idx" ON "comments" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "comments_author_idx" ON "comments" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "post_subscriptions_post_idx" ON "post_subscriptions" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "post_tags_tag_idx" ON "post_tags" USING btree ("tag_id","post_id");--> statement-breakpoint
CREATE INDEX "posts_list_idx" ON "posts" USING btree ("pinned_at" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."status" = 'PUBLISHED';--> statement-breakpoint
CREATE INDEX "posts_category_list_idx" ON "posts" USING btree ("category_id","pinned_at" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."status" = 'PUBLISHED';--> statement-breakpoint
CREATE INDEX "posts_created_idx" ON "posts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."status" = 'PUBLISHED';--> statement-breakpoint
CREATE INDEX "posts_last_reply_idx" ON "posts" USING btree ("last_reply_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."status" = 'PUBLISHED';--> statement-breakpoint
CREATE INDEX "posts_featured_idx" ON "posts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."status" = 'PUBLISHED' and "posts"."rss_excluded" = false;--> statement-breakpoint
CREATE INDEX "posts_author_idx" ON "posts" USING btree ("author_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_pending_idx" ON "posts" USING btree ("status","created_at") WHERE "posts"."status" <> 'PUBLISHED';--> statement-breakpoint
CREATE UNIQUE INDEX "reactions_post_unique" ON "reactions" USING btree ("post_id","user_id","type") WHERE "reactions"."comment_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "reactions_comment_unique" ON "reactions" USING btree ("comment_id","user_id","type") WHERE "reactions"."comment_id" is not null;--> statement-breakpoint
CREATE INDEX "reactions_user_idx" ON "reactions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "lotteries_due_idx" ON "lotteries" USING btree ("end_time") WHERE "lotteries"."drawn_at" is null;--> statement-breakpoint
CREATE INDEX "point_goods_cost_idx" ON "point_goods" USING btree ("cost","id");--> statement-breakpoint
CREATE INDEX "point_histories_user_idx" ON "point_histories" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "poll_votes_unique" ON "poll_votes" USING btree ("post_id","user_id","option");--> statement-breakpoint
CREATE INDEX "poll_votes_user_idx" ON "poll_votes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "polls_due_idx" ON "polls" USING btree ("end_time") WHERE "polls"."finalized_at" is null;--> statement-breakpoint
CREATE INDEX "redemptions_user_idx" ON "redemptions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id","type") WHERE "notifications"."read" = false;--> statement-breakpoint
CREATE INDEX "notifications_post_idx" ON "notifications" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "post_change_logs_post_idx" ON "post_change_logs" USING btree ("post_id","created_at","id");--> statement-breakpoint
CREATE INDEX "uploads_owner_idx" ON "uploads" USING btree ("owner_id");