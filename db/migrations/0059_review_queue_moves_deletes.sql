-- Issue 58, "staff are told" (docs/spam.md), after 0057: two more ways something leaves or enters a
-- category's review queue, each with a live `review` event in the writing transaction (forum_emit).
--
-- 1. A post with open flags (on it or on one of its comments) deleted while they are open, by its author,
--    by staff or with its member (delete-spammer, account deletion): its flags go with it (flags.post_id is
--    ON DELETE CASCADE), so `reviewed` with its post and category. The cascade runs in the posts row's
--    AFTER triggers, so by the time a statement trigger on either table runs the post row is gone (no
--    category to join) or the flags are (nothing to tell it had any): a BEFORE DELETE row trigger asks while
--    both are there, one event per post, like 0057's posts_review_events_del (which keeps telling a
--    PENDING post's deletion; this one skips those, so it is told once).
--    A comment is never deleted on its own (soft delete: deleted_at): its flags stay open and it stays in
--    the queue, shown as deleted, until staff resolve them; the queue did not shrink, so nothing is sent.
-- 2. A PENDING post, or one with open flags, moved to another category: `reviewed` for the category it
--    left, and `post` (pending) or `flag` (open flags, with their `count`) for the one it entered, so
--    both categories' moderators refetch. When the same update also changes whether it is PENDING,
--    0057's posts_review_events_upd tells the new category already; the old one is told here.
CREATE OR REPLACE FUNCTION forum_events_review_flagged_post_deleted() RETURNS trigger AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM flags f WHERE f.post_id = OLD.id AND f.status = 'OPEN') THEN
    PERFORM forum_emit(jsonb_build_object('type', 'review', 'kind', 'reviewed', 'postId', OLD.id, 'categoryId', OLD.category_id));
  END IF;
  RETURN OLD;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER posts_review_events_flagged_del BEFORE DELETE ON posts
  FOR EACH ROW WHEN (OLD.status <> 'PENDING') EXECUTE FUNCTION forum_events_review_flagged_post_deleted();--> statement-breakpoint
CREATE OR REPLACE FUNCTION forum_events_review_posts_moved() RETURNS trigger AS $$
DECLARE
  n int;
  flag_id int;
BEGIN
  SELECT count(*)::int, min(f.id) INTO n, flag_id FROM flags f WHERE f.post_id = NEW.id AND f.status = 'OPEN';
  IF OLD.status = 'PENDING' OR n > 0 THEN
    PERFORM forum_emit(jsonb_build_object('type', 'review', 'kind', 'reviewed', 'postId', NEW.id, 'categoryId', OLD.category_id));
  END IF;
  IF NEW.status = 'PENDING' THEN
    IF OLD.status = 'PENDING' THEN
      PERFORM forum_emit(jsonb_build_object('type', 'review', 'kind', 'post', 'postId', NEW.id, 'categoryId', NEW.category_id));
    END IF;
  ELSIF n > 0 THEN
    PERFORM forum_emit(jsonb_build_object('type', 'review', 'kind', 'flag', 'postId', NEW.id, 'categoryId', NEW.category_id, 'count', n)
      || CASE WHEN n = 1 THEN jsonb_build_object('flagId', flag_id) ELSE '{}'::jsonb END);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER posts_review_events_move AFTER UPDATE OF category_id ON posts
  FOR EACH ROW WHEN (OLD.category_id IS DISTINCT FROM NEW.category_id) EXECUTE FUNCTION forum_events_review_posts_moved();
