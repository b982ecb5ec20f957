-- Issue 58, follow-ups of the held comments (docs/spam.md "Held comments and a post's figures").
--
-- 1. Every post's comment_count and last_reply_at recounted once with the rule of recountComments
--    (lib/services/comments/counts.ts): only comments every reader may read (not deleted, not hidden),
--    the post's own creation time when it has none. Counts stored before that rule still included the
--    comments hidden then. One pass over comments grouped by post, joined to posts by id (hash join and
--    hash aggregate, no per-post subquery); rows already right are not rewritten (no dead tuples, no
--    trigger work for them). The comment rule must stay the same as recountComments'.
UPDATE "posts" AS p
SET "comment_count" = v.n, "last_reply_at" = coalesce(v.last_at, p."created_at")
FROM (
  SELECT q."id", count(c."id")::int AS n, max(c."created_at") AS last_at
  FROM "posts" AS q
  LEFT JOIN "comments" AS c ON c."post_id" = q."id" AND c."deleted_at" IS NULL AND c."hidden_at" IS NULL
  GROUP BY q."id"
) AS v
WHERE v."id" = p."id"
  AND (p."comment_count", p."last_reply_at") IS DISTINCT FROM (v.n, coalesce(v.last_at, p."created_at"));--> statement-breakpoint
-- 2. The live "comment" event follows the same rule. A comment hidden at insert (held for review: a
--    watched word, the new-member review, a link burst, Akismet) is announced to nobody: readers of the
--    post would only be told of a placeholder they cannot read, and its figures do not count it. When it
--    is let through (hidden_at back to null, not deleted), readers get the "comment" event then, as for
--    a new comment: open post pages refresh and announce it. Everything else as in 0018: a change of
--    deleted_at, pinned_at, content or hidden_at (hiding included) is a `comment_changed`.
CREATE OR REPLACE FUNCTION forum_events_comments() RETURNS trigger AS $$
DECLARE
  acc jsonb := forum_post_access(NEW.post_id);
BEGIN
  IF acc IS NULL THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    IF NEW.hidden_at IS NULL THEN
      PERFORM forum_emit(acc || jsonb_build_object('type', 'comment', 'commentId', NEW.id, 'parentId', NEW.parent_id,
        'actorId', NEW.author_id));
    END IF;
  ELSIF OLD.hidden_at IS NOT NULL AND NEW.hidden_at IS NULL AND NEW.deleted_at IS NULL AND OLD.deleted_at IS NULL THEN
    PERFORM forum_emit(acc || jsonb_build_object('type', 'comment', 'commentId', NEW.id, 'parentId', NEW.parent_id,
      'actorId', NEW.author_id));
  ELSIF NEW.deleted_at IS DISTINCT FROM OLD.deleted_at OR NEW.pinned_at IS DISTINCT FROM OLD.pinned_at
     OR NEW.content IS DISTINCT FROM OLD.content OR NEW.hidden_at IS DISTINCT FROM OLD.hidden_at THEN
    PERFORM forum_emit(acc || jsonb_build_object('type', 'comment_changed', 'commentId', NEW.id));
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
