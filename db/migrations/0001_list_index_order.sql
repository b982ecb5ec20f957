DROP INDEX "posts_list_idx";--> statement-breakpoint
DROP INDEX "posts_category_list_idx";--> statement-breakpoint
DROP INDEX "posts_created_idx";--> statement-breakpoint
DROP INDEX "posts_last_reply_idx";--> statement-breakpoint
DROP INDEX "posts_featured_idx";--> statement-breakpoint
DROP INDEX "posts_author_idx";--> statement-breakpoint
DROP INDEX "point_histories_user_idx";--> statement-breakpoint
DROP INDEX "notifications_user_idx";--> statement-breakpoint
CREATE INDEX "posts_public_list_idx" ON "posts" USING btree ("pinned_at" DESC NULLS LAST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "posts"."status" = 'PUBLISHED' and "posts"."visible_scope" = 'ALL';--> statement-breakpoint
CREATE INDEX "posts_list_idx" ON "posts" USING btree ("pinned_at" DESC NULLS LAST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "posts"."status" = 'PUBLISHED';--> statement-breakpoint
CREATE INDEX "posts_category_list_idx" ON "posts" USING btree ("category_id","pinned_at" DESC NULLS LAST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "posts"."status" = 'PUBLISHED';--> statement-breakpoint
CREATE INDEX "posts_created_idx" ON "posts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "posts"."status" = 'PUBLISHED';--> statement-breakpoint
CREATE INDEX "posts_last_reply_idx" ON "posts" USING btree ("last_reply_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "posts"."status" = 'PUBLISHED';--> statement-breakpoint
CREATE INDEX "posts_featured_idx" ON "posts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "posts"."status" = 'PUBLISHED' and "posts"."rss_excluded" = false;--> statement-breakpoint
CREATE INDEX "posts_author_idx" ON "posts" USING btree ("author_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "point_histories_user_idx" ON "point_histories" USING btree ("user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);