-- The member each existing audit row concerned: the user acted on, or the author of the post or comment.
UPDATE "audit_logs" SET "subject_user_id" = "target_id"
  WHERE "target_type" = 'user' AND "subject_user_id" IS NULL AND EXISTS (SELECT 1 FROM "users" WHERE "users"."id" = "audit_logs"."target_id");--> statement-breakpoint
UPDATE "audit_logs" SET "subject_user_id" = "posts"."author_id" FROM "posts"
  WHERE "audit_logs"."target_type" = 'post' AND "audit_logs"."subject_user_id" IS NULL AND "posts"."id" = "audit_logs"."target_id";--> statement-breakpoint
UPDATE "audit_logs" SET "subject_user_id" = "comments"."author_id" FROM "comments"
  WHERE "audit_logs"."target_type" = 'comment' AND "audit_logs"."subject_user_id" IS NULL AND "comments"."id" = "audit_logs"."target_id";
