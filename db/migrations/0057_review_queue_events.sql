-- Issue 58: staff are told live when something waits for review (docs/spam.md "Staff are told").
--
-- A `review` event, through the outbox and pg_notify like every live event (0005's forum_emit), in the
-- writing transaction, so it exists only once the write committed, whichever process or script wrote it.
-- lib/live/events.ts sends it to moderators and admins, and to a category moderator only for the
-- categories they moderate (never to other members or visitors); clients refetch the queue's count.
-- Ids only: the kind, the category, and the post / comment / flag when there is one, all of which the
-- queue shows its readers. No count: a category moderator's queue is not staff's.
--
-- `kind`: post (a post went PENDING: inserted held, or hidden pending review by flags or a silence),
-- flag (flags raised: a member's, or the system flag of a held comment or a FLAG word; one event per
-- statement and category, with `count`, and the flag's ids when it is one), reviewed (something left the
-- queue: a pending post decided or deleted, open flags resolved).
CREATE OR REPLACE FUNCTION forum_events_review_posts() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM forum_emit(jsonb_build_object('type', 'review', 'kind', 'reviewed', 'postId', OLD.id, 'categoryId', OLD.category_id));
  ELSIF NEW.status = 'PENDING' THEN
    PERFORM forum_emit(jsonb_build_object('type', 'review', 'kind', 'post', 'postId', NEW.id, 'categoryId', NEW.category_id));
  ELSE
    PERFORM forum_emit(jsonb_build_object('type', 'review', 'kind', 'reviewed', 'postId', NEW.id, 'categoryId', NEW.category_id));
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER posts_review_events_ins AFTER INSERT ON posts
  FOR EACH ROW WHEN (NEW.status = 'PENDING') EXECUTE FUNCTION forum_events_review_posts();--> statement-breakpoint
CREATE TRIGGER posts_review_events_upd AFTER UPDATE OF status ON posts
  FOR EACH ROW WHEN ((NEW.status = 'PENDING') IS DISTINCT FROM (OLD.status = 'PENDING')) EXECUTE FUNCTION forum_events_review_posts();--> statement-breakpoint
CREATE TRIGGER posts_review_events_del AFTER DELETE ON posts
  FOR EACH ROW WHEN (OLD.status = 'PENDING') EXECUTE FUNCTION forum_events_review_posts();--> statement-breakpoint
-- Flags: statement-level, so a silence that flags a member's many comments in one insert is one event
-- per category, not one per comment.
CREATE OR REPLACE FUNCTION forum_events_review_flags_raised() RETURNS trigger AS $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT p.category_id, count(*)::int AS n, min(f.id) AS flag_id, min(f.post_id) AS post_id, min(f.comment_id) AS comment_id
    FROM changed f JOIN posts p ON p.id = f.post_id
    WHERE f.status = 'OPEN'
    GROUP BY p.category_id
  LOOP
    PERFORM forum_emit(jsonb_build_object('type', 'review', 'kind', 'flag', 'categoryId', r.category_id, 'count', r.n)
      || CASE WHEN r.n = 1 THEN jsonb_strip_nulls(jsonb_build_object('flagId', r.flag_id, 'postId', r.post_id, 'commentId', r.comment_id))
         ELSE '{}'::jsonb END);
  END LOOP;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER flags_review_events_ins AFTER INSERT ON flags
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION forum_events_review_flags_raised();--> statement-breakpoint
CREATE OR REPLACE FUNCTION forum_events_review_flags_resolved() RETURNS trigger AS $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT p.category_id, count(*)::int AS n, min(f.post_id) AS post_id
    FROM changed f JOIN before_rows o ON o.id = f.id JOIN posts p ON p.id = f.post_id
    WHERE o.status = 'OPEN' AND f.status <> 'OPEN'
    GROUP BY p.category_id
  LOOP
    PERFORM forum_emit(jsonb_build_object('type', 'review', 'kind', 'reviewed', 'categoryId', r.category_id, 'count', r.n)
      || CASE WHEN r.n = 1 THEN jsonb_build_object('postId', r.post_id) ELSE '{}'::jsonb END);
  END LOOP;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER flags_review_events_upd AFTER UPDATE ON flags
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION forum_events_review_flags_resolved();--> statement-breakpoint
-- A stream reads which categories its member moderates once, when it opens (as it reads the hidden
-- ones): a change of category moderators ends every stream ('access', as a changed category permission
-- does, 0045), and clients reconnect under the new rule. Group membership changes end the member's
-- streams already (0045's 'role').
CREATE TRIGGER category_moderators_access_events AFTER INSERT OR UPDATE OR DELETE ON category_moderators
  FOR EACH STATEMENT EXECUTE FUNCTION forum_events_category_access_changed();
