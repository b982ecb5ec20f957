-- A live-event stream ends with its sign-in (issue 54): when a browser session or a token is revoked
-- (sign-out, "sign out everywhere", a password change or reset, DELETE /api/tokens/{id}), deleted while
-- live, or when its member is suspended or changes role, a `revoked` event goes through the outbox and
-- pg_notify like every live event, so the streams of every process hear it once the write commits,
-- whichever process or script made it. lib/live/events.ts closes the streams it names (never sends it).
-- `kind`: session | token (a sign-in ended: sessionId / tokenId), suspended | role (the member's streams).
CREATE OR REPLACE FUNCTION forum_events_sign_in_ended() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'user_sessions' THEN
    PERFORM forum_emit(jsonb_build_object('type', 'revoked', 'kind', 'session', 'userId', OLD.user_id, 'sessionId', OLD.id));
  ELSE
    PERFORM forum_emit(jsonb_build_object('type', 'revoked', 'kind', 'token', 'userId', OLD.user_id, 'tokenId', OLD.id));
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER user_sessions_revoked_events AFTER UPDATE OF revoked_at ON user_sessions
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL) EXECUTE FUNCTION forum_events_sign_in_ended();--> statement-breakpoint
CREATE TRIGGER user_sessions_deleted_events AFTER DELETE ON user_sessions
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND OLD.expires_at > now()) EXECUTE FUNCTION forum_events_sign_in_ended();--> statement-breakpoint
CREATE TRIGGER api_tokens_revoked_events AFTER UPDATE OF revoked_at ON api_tokens
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL) EXECUTE FUNCTION forum_events_sign_in_ended();--> statement-breakpoint
CREATE TRIGGER api_tokens_deleted_events AFTER DELETE ON api_tokens
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND (OLD.expires_at IS NULL OR OLD.expires_at > now())) EXECUTE FUNCTION forum_events_sign_in_ended();--> statement-breakpoint
CREATE OR REPLACE FUNCTION forum_events_user_access() RETURNS trigger AS $$
BEGIN
  PERFORM forum_emit(jsonb_build_object('type', 'revoked', 'userId', NEW.id,
    'kind', CASE WHEN NEW.role IS DISTINCT FROM OLD.role THEN 'role' ELSE 'suspended' END));
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER users_access_events AFTER UPDATE OF suspended_until, role ON users
  FOR EACH ROW WHEN (NEW.role IS DISTINCT FROM OLD.role
    OR (NEW.suspended_until > now() AND NEW.suspended_until IS DISTINCT FROM OLD.suspended_until))
  EXECUTE FUNCTION forum_events_user_access();
