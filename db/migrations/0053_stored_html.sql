-- Rendered HTML is stored when text is written (lib/services/content/stored-html.ts): SQL-only columns,
-- like search_tsv, so no whole-row select carries them. Null means "not rendered yet": the next view
-- renders and stores it.
ALTER TABLE "posts" ADD COLUMN "content_html" text;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "content_html" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "content_html" text;--> statement-breakpoint
-- A stored HTML always belongs to the text beside it: an update that changes the text without giving
-- its HTML clears the HTML (a write path that forgets costs a render, never a stale page).
CREATE OR REPLACE FUNCTION forum_clear_stale_html() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.content IS DISTINCT FROM OLD.content AND NEW.content_html IS NOT DISTINCT FROM OLD.content_html THEN
    NEW.content_html := NULL;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER posts_clear_stale_html BEFORE UPDATE OF content ON "posts" FOR EACH ROW EXECUTE FUNCTION forum_clear_stale_html();--> statement-breakpoint
CREATE TRIGGER comments_clear_stale_html BEFORE UPDATE OF content ON "comments" FOR EACH ROW EXECUTE FUNCTION forum_clear_stale_html();--> statement-breakpoint
CREATE TRIGGER messages_clear_stale_html BEFORE UPDATE OF content ON "messages" FOR EACH ROW EXECUTE FUNCTION forum_clear_stale_html();
