ALTER TABLE "comments" ADD COLUMN "pinned_by_id" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "closed_by_id" integer;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_pinned_by_id_users_id_fk" FOREIGN KEY ("pinned_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_closed_by_id_users_id_fk" FOREIGN KEY ("closed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Who closed each closed post: the last CLOSED entry of its history that closed it (none: unknown, treated as staff).
UPDATE "posts" p SET "closed_by_id" = (
  SELECT l."actor_id" FROM "post_change_logs" l
  WHERE l."post_id" = p."id" AND l."type" = 'CLOSED' AND l."new_closed"
  ORDER BY l."created_at" DESC, l."id" DESC LIMIT 1
) WHERE p."closed";--> statement-breakpoint
-- Who pinned each pinned comment: the last staff pin the audit log holds, else the post's author (their pins are not audited).
UPDATE "comments" c SET "pinned_by_id" = coalesce(
  (SELECT a."actor_id" FROM "audit_logs" a
   WHERE a."target_type" = 'comment' AND a."target_id" = c."id" AND a."action" = 'comment.pin'
   ORDER BY a."created_at" DESC, a."id" DESC LIMIT 1),
  (SELECT p."author_id" FROM "posts" p WHERE p."id" = c."post_id")
) WHERE c."pinned_at" IS NOT NULL;
