-- A new post by a member one follows (FOLLOWED_POST) is mailed like a reply, a mention or a watched
-- post (issue 48: "respecting email preferences"): queued for the reply-mail job in the transaction that
-- wrote it (lib/mail/drain.ts), which then honours the member's email mode and the type's switch.
CREATE OR REPLACE FUNCTION forum_queue_notification_mail() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.type::text IN ('COMMENT_REPLY', 'MENTION', 'WATCHED_POST', 'FOLLOWED_POST') THEN
    INSERT INTO notification_mail_queue (notification_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NEW;
END $$;
