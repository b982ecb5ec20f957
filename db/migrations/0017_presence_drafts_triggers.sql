-- Issue 46. Presence: a member is "seen" when a request signed with their bearer token or browser
-- session arrives. Both already write their row's last_used_at at most once a minute (verifyToken,
-- resolveBrowserSession), and a browser session's row is written at sign-in; these triggers turn those
-- writes into the member's day in user_visit_days (daily active users, visited days) and its
-- last_seen_at (online count), so no request makes a write of its own for it.
CREATE OR REPLACE FUNCTION forum_record_presence() RETURNS trigger AS $$
BEGIN
  IF NEW.last_used_at IS NULL OR (TG_OP = 'UPDATE' AND NEW.last_used_at IS NOT DISTINCT FROM OLD.last_used_at) THEN
    RETURN NULL;
  END IF;
  INSERT INTO user_visit_days (day, user_id, last_seen_at)
  VALUES ((NEW.last_used_at AT TIME ZONE 'UTC')::date, NEW.user_id, NEW.last_used_at)
  ON CONFLICT (day, user_id) DO UPDATE SET last_seen_at = greatest(user_visit_days.last_seen_at, excluded.last_seen_at);
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER api_tokens_presence AFTER UPDATE OF last_used_at ON api_tokens
  FOR EACH ROW EXECUTE FUNCTION forum_record_presence();--> statement-breakpoint
CREATE TRIGGER user_sessions_presence AFTER INSERT OR UPDATE OF last_used_at ON user_sessions
  FOR EACH ROW EXECUTE FUNCTION forum_record_presence();--> statement-breakpoint
-- Drafts: publishing a post deletes its author's draft, as OpenIsle's PostService.createPost does.
CREATE OR REPLACE FUNCTION forum_clear_draft() RETURNS trigger AS $$
BEGIN
  DELETE FROM drafts WHERE user_id = NEW.author_id;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER posts_clear_draft AFTER INSERT ON posts
  FOR EACH ROW EXECUTE FUNCTION forum_clear_draft();
