-- Issue 44 item 3: hiding a comment (member flags reaching the threshold, or staff) and lifting the hide
-- are announced like an edit, with a `comment_changed` event (ids only, as every event), so open post
-- pages refresh and blank the text of a comment that became hidden, or show it again. The function of
-- 0005_search_events_reads with `hidden_at` added to the columns that count as a change.
CREATE OR REPLACE FUNCTION forum_events_comments() RETURNS trigger AS $$
DECLARE
  acc jsonb := forum_post_access(NEW.post_id);
BEGIN
  IF acc IS NULL THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM forum_emit(acc || jsonb_build_object('type', 'comment', 'commentId', NEW.id, 'parentId', NEW.parent_id,
      'actorId', NEW.author_id));
  ELSIF NEW.deleted_at IS DISTINCT FROM OLD.deleted_at OR NEW.pinned_at IS DISTINCT FROM OLD.pinned_at
     OR NEW.content IS DISTINCT FROM OLD.content OR NEW.hidden_at IS DISTINCT FROM OLD.hidden_at THEN
    PERFORM forum_emit(acc || jsonb_build_object('type', 'comment_changed', 'commentId', NEW.id));
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
