-- Direct messages (issue 48), live and not lost. A new message, in its writing transaction:
-- moves its conversation's last message (the list's order; the greatest id wins when two commit out of
-- order), marks the other members' mail state pending (the message-mail job mails an away member once
-- per conversation until they read it), and announces a `message` event to the members only (`userIds`:
-- lib/live/events.ts sends it to nobody else). Ids only, never content, as every event.
CREATE OR REPLACE FUNCTION forum_events_messages() RETURNS trigger AS $$
DECLARE
  ids jsonb;
BEGIN
  UPDATE conversations SET last_message_id = NEW.id, last_message_at = NEW.created_at
    WHERE id = NEW.conversation_id AND (last_message_id IS NULL OR last_message_id < NEW.id);
  UPDATE conversation_participants SET mail_pending_at = coalesce(mail_pending_at, NEW.created_at)
    WHERE conversation_id = NEW.conversation_id AND user_id <> NEW.sender_id AND mail_pending_at IS NULL;
  SELECT coalesce(jsonb_agg(user_id ORDER BY user_id), '[]'::jsonb) INTO ids
    FROM conversation_participants WHERE conversation_id = NEW.conversation_id;
  PERFORM forum_emit(jsonb_build_object('type', 'message', 'conversationId', NEW.conversation_id, 'messageId', NEW.id,
    'actorId', NEW.sender_id, 'userIds', ids));
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER messages_events AFTER INSERT ON messages FOR EACH ROW EXECUTE FUNCTION forum_events_messages();--> statement-breakpoint
-- A member's read mark moved: their other tabs update the unread count, the other members their read receipts.
CREATE OR REPLACE FUNCTION forum_events_message_reads() RETURNS trigger AS $$
BEGIN
  IF NEW.last_read_message_id IS DISTINCT FROM OLD.last_read_message_id THEN
    PERFORM forum_emit(jsonb_build_object('type', 'message_read', 'conversationId', NEW.conversation_id,
      'messageId', NEW.last_read_message_id, 'actorId', NEW.user_id,
      'userIds', (SELECT coalesce(jsonb_agg(user_id ORDER BY user_id), '[]'::jsonb) FROM conversation_participants
                  WHERE conversation_id = NEW.conversation_id)));
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER conversation_participants_events AFTER UPDATE OF last_read_message_id ON conversation_participants
  FOR EACH ROW EXECUTE FUNCTION forum_events_message_reads();
