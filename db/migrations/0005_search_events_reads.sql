-- Search, live events and unread tracking (issue 19), on Postgres alone.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- Full-text vectors kept by Postgres itself (generated columns: never stale, no job). The 'simple'
-- configuration neither stems nor drops stop words, so every language tokenizes the same way; titles
-- weigh A, post bodies B. Substring and typo matching use the trigram indexes (CJK has no spaces).
ALTER TABLE "posts" ADD COLUMN "search_tsv" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple', "title"), 'A') || setweight(to_tsvector('simple', "content"), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "posts_title_trgm_idx" ON "posts" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "posts_content_trgm_idx" ON "posts" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "search_tsv" tsvector GENERATED ALWAYS AS (to_tsvector('simple', "content")) STORED;--> statement-breakpoint
CREATE INDEX "comments_search_idx" ON "comments" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "comments_content_trgm_idx" ON "comments" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tags_name_trgm_idx" ON "tags" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "categories_name_trgm_idx" ON "categories" USING gin ("name" gin_trgm_ops);--> statement-breakpoint

-- Unread tracking: per member and post, when they last read it and the last comment they saw; per
-- member, the previous visit (posts created since are "new") and "mark all read".
CREATE TABLE "post_reads" (
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "post_id" integer NOT NULL REFERENCES "posts"("id") ON DELETE CASCADE,
  "last_read_at" timestamp (3) with time zone NOT NULL DEFAULT now(),
  "last_comment_id" integer,
  PRIMARY KEY ("user_id", "post_id")
);--> statement-breakpoint
CREATE INDEX "post_reads_post_idx" ON "post_reads" ("post_id");--> statement-breakpoint
CREATE TABLE "user_visits" (
  "user_id" integer PRIMARY KEY REFERENCES "users"("id") ON DELETE CASCADE,
  "last_seen_at" timestamp (3) with time zone NOT NULL DEFAULT now(),
  "previous_visit_at" timestamp (3) with time zone,
  "all_read_at" timestamp (3) with time zone
);--> statement-breakpoint

-- Live events: a short outbox (for clients resuming with Last-Event-ID) whose rows are announced with
-- pg_notify. Triggers write them, so every write path is covered, on every process, and a notification
-- is delivered only when its transaction commits. Payloads carry ids and what is needed to decide who
-- may see the event (post author, status, scope; the notification's recipient), never content.
CREATE TABLE "events" (
  "id" bigserial PRIMARY KEY,
  "payload" jsonb NOT NULL,
  "created_at" timestamp (3) with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE INDEX "events_created_idx" ON "events" ("created_at");--> statement-breakpoint
CREATE OR REPLACE FUNCTION forum_emit(p jsonb) RETURNS void AS $$
DECLARE
  eid bigint;
BEGIN
  INSERT INTO events (payload) VALUES (p) RETURNING id INTO eid;
  PERFORM pg_notify('forum_events', (p || jsonb_build_object('id', eid))::text);
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION forum_post_access(pid integer) RETURNS jsonb AS $$
  SELECT jsonb_build_object('postId', id, 'authorId', author_id, 'status', status, 'scope', visible_scope)
  FROM posts WHERE id = pid
$$ LANGUAGE sql STABLE;--> statement-breakpoint
CREATE OR REPLACE FUNCTION forum_events_notifications() RETURNS trigger AS $$
BEGIN
  PERFORM forum_emit(jsonb_build_object('type', 'notification', 'userId', NEW.user_id, 'notificationId', NEW.id,
    'kind', NEW.type, 'postId', NEW.post_id));
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER notifications_events AFTER INSERT ON notifications FOR EACH ROW EXECUTE FUNCTION forum_events_notifications();--> statement-breakpoint
CREATE OR REPLACE FUNCTION forum_events_comments() RETURNS trigger AS $$
DECLARE
  acc jsonb := forum_post_access(NEW.post_id);
BEGIN
  IF acc IS NULL THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM forum_emit(acc || jsonb_build_object('type', 'comment', 'commentId', NEW.id, 'parentId', NEW.parent_id,
      'actorId', NEW.author_id));
  ELSIF NEW.deleted_at IS DISTINCT FROM OLD.deleted_at OR NEW.pinned_at IS DISTINCT FROM OLD.pinned_at
     OR NEW.content IS DISTINCT FROM OLD.content THEN
    PERFORM forum_emit(acc || jsonb_build_object('type', 'comment_changed', 'commentId', NEW.id));
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER comments_events AFTER INSERT OR UPDATE ON comments FOR EACH ROW EXECUTE FUNCTION forum_events_comments();--> statement-breakpoint
CREATE OR REPLACE FUNCTION forum_events_posts() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM forum_emit(jsonb_build_object('type', 'post_created', 'postId', NEW.id, 'authorId', NEW.author_id,
      'status', NEW.status, 'scope', NEW.visible_scope, 'categoryId', NEW.category_id));
  ELSIF NEW.status <> OLD.status AND NEW.status = 'PUBLISHED' THEN
    -- Approved after review: new on the lists now.
    PERFORM forum_emit(jsonb_build_object('type', 'post_created', 'postId', NEW.id, 'authorId', NEW.author_id,
      'status', NEW.status, 'scope', NEW.visible_scope, 'categoryId', NEW.category_id));
  ELSIF (NEW.title, NEW.content, NEW.category_id, NEW.visible_scope, NEW.closed, NEW.pinned_at, NEW.rss_excluded, NEW.status)
        IS DISTINCT FROM (OLD.title, OLD.content, OLD.category_id, OLD.visible_scope, OLD.closed, OLD.pinned_at, OLD.rss_excluded, OLD.status) THEN
    -- Visible to whoever could see it before or after the change.
    PERFORM forum_emit(jsonb_build_object('type', 'post_changed', 'postId', NEW.id, 'authorId', NEW.author_id,
      'status', NEW.status, 'scope', NEW.visible_scope,
      'oldStatus', OLD.status, 'oldScope', OLD.visible_scope));
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER posts_events AFTER INSERT OR UPDATE ON posts FOR EACH ROW EXECUTE FUNCTION forum_events_posts();--> statement-breakpoint
-- Counts shown on a post (reactions, poll votes, lottery entries): one "counts" event per statement
-- and post, so a poll vote with three options is one event.
CREATE OR REPLACE FUNCTION forum_events_counts() RETURNS trigger AS $$
DECLARE
  pid integer;
  acc jsonb;
BEGIN
  FOR pid IN
    SELECT DISTINCT coalesce((to_jsonb(r) ->> 'post_id')::int,
                             (SELECT c.post_id FROM comments c WHERE c.id = (to_jsonb(r) ->> 'comment_id')::int))
    FROM changed r
  LOOP
    acc := forum_post_access(pid);
    IF acc IS NOT NULL THEN
      PERFORM forum_emit(acc || jsonb_build_object('type', 'counts', 'table', TG_TABLE_NAME));
    END IF;
  END LOOP;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER reactions_events_ins AFTER INSERT ON reactions REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION forum_events_counts();--> statement-breakpoint
CREATE TRIGGER reactions_events_del AFTER DELETE ON reactions REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION forum_events_counts();--> statement-breakpoint
CREATE TRIGGER poll_votes_events_ins AFTER INSERT ON poll_votes REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION forum_events_counts();--> statement-breakpoint
CREATE TRIGGER poll_votes_events_del AFTER DELETE ON poll_votes REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION forum_events_counts();--> statement-breakpoint
CREATE TRIGGER lottery_participants_events AFTER INSERT ON lottery_participants REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION forum_events_counts();
