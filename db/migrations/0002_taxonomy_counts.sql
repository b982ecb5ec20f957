-- Post counts of categories and tags (PUBLISHED + ALL posts), kept by triggers so that lists never
-- count the posts table. Rows are deltas (+1/-1), inserted without locking a shared row (no hot row,
-- no deadlock between concurrent writers); a reader sums them and folds a tag's rows into one when
-- they pile up (lib/services/post-loader.ts).
CREATE TABLE "category_post_counts" ("category_id" integer NOT NULL, "n" integer NOT NULL);--> statement-breakpoint
CREATE INDEX "category_post_counts_idx" ON "category_post_counts" ("category_id");--> statement-breakpoint
CREATE TABLE "tag_post_counts" ("tag_id" integer NOT NULL, "n" integer NOT NULL);--> statement-breakpoint
CREATE INDEX "tag_post_counts_idx" ON "tag_post_counts" ("tag_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION forum_posts_counts() RETURNS trigger AS $$
DECLARE
  was boolean := false;
  now_ boolean := false;
BEGIN
  IF TG_OP <> 'INSERT' THEN was := OLD.status = 'PUBLISHED' AND OLD.visible_scope = 'ALL'; END IF;
  IF TG_OP <> 'DELETE' THEN now_ := NEW.status = 'PUBLISHED' AND NEW.visible_scope = 'ALL'; END IF;
  IF was AND (NOT now_ OR OLD.category_id <> NEW.category_id) THEN
    INSERT INTO category_post_counts VALUES (OLD.category_id, -1);
  END IF;
  IF now_ AND (NOT was OR OLD.category_id <> NEW.category_id) THEN
    INSERT INTO category_post_counts VALUES (NEW.category_id, 1);
  END IF;
  IF was AND NOT now_ THEN
    INSERT INTO tag_post_counts SELECT tag_id, -1 FROM post_tags WHERE post_id = OLD.id;
  ELSIF now_ AND NOT was THEN
    INSERT INTO tag_post_counts SELECT tag_id, 1 FROM post_tags WHERE post_id = NEW.id;
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION forum_post_tags_counts() RETURNS trigger AS $$
BEGIN
  -- During a cascade from a deleted post the post is gone: its BEFORE DELETE trigger already counted it.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO tag_post_counts SELECT NEW.tag_id, 1 FROM posts WHERE id = NEW.post_id AND status = 'PUBLISHED' AND visible_scope = 'ALL';
  ELSE
    INSERT INTO tag_post_counts SELECT OLD.tag_id, -1 FROM posts WHERE id = OLD.post_id AND status = 'PUBLISHED' AND visible_scope = 'ALL';
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION forum_posts_counts_delete() RETURNS trigger AS $$
BEGIN
  IF OLD.status = 'PUBLISHED' AND OLD.visible_scope = 'ALL' THEN
    INSERT INTO category_post_counts VALUES (OLD.category_id, -1);
    INSERT INTO tag_post_counts SELECT tag_id, -1 FROM post_tags WHERE post_id = OLD.id;
  END IF;
  RETURN OLD;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER posts_counts AFTER INSERT OR UPDATE OF status, visible_scope, category_id ON posts FOR EACH ROW EXECUTE FUNCTION forum_posts_counts();--> statement-breakpoint
CREATE TRIGGER posts_counts_delete BEFORE DELETE ON posts FOR EACH ROW EXECUTE FUNCTION forum_posts_counts_delete();--> statement-breakpoint
CREATE TRIGGER post_tags_counts AFTER INSERT OR DELETE ON post_tags FOR EACH ROW EXECUTE FUNCTION forum_post_tags_counts();--> statement-breakpoint
CREATE OR REPLACE FUNCTION forum_refresh_taxonomy_counts() RETURNS void AS $$
BEGIN
  DELETE FROM category_post_counts;
  INSERT INTO category_post_counts SELECT category_id, count(*) FROM posts WHERE status = 'PUBLISHED' AND visible_scope = 'ALL' GROUP BY category_id;
  DELETE FROM tag_post_counts;
  INSERT INTO tag_post_counts SELECT pt.tag_id, count(*) FROM post_tags pt JOIN posts p ON p.id = pt.post_id
    WHERE p.status = 'PUBLISHED' AND p.visible_scope = 'ALL' GROUP BY pt.tag_id;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
SELECT forum_refresh_taxonomy_counts();
