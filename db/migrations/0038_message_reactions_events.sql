-- A reaction to a direct message added or taken back (issue 48 follow-up): the conversation's members
-- (and only they: `userIds`, lib/live/events.ts) get a `message` event of kind `reaction` with the
-- message's id, so the others' open conversation shows it live. Ids only, as every event.
CREATE OR REPLACE FUNCTION forum_events_message_reactions() RETURNS trigger AS $$
DECLARE
  r record;
  cid integer;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  SELECT conversation_id INTO cid FROM messages WHERE id = r.message_id;
  -- The message is gone (a cascade from its deletion): nothing to show.
  IF cid IS NULL THEN RETURN NULL; END IF;
  PERFORM forum_emit(jsonb_build_object('type', 'message', 'kind', 'reaction', 'conversationId', cid, 'messageId', r.message_id,
    'actorId', r.user_id, 'userIds', (SELECT coalesce(jsonb_agg(user_id ORDER BY user_id), '[]'::jsonb) FROM conversation_participants
                                      WHERE conversation_id = cid)));
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER message_reactions_events AFTER INSERT OR DELETE ON message_reactions
  FOR EACH ROW EXECUTE FUNCTION forum_events_message_reactions();
