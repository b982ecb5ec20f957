-- A new post in a watched category or tag (WATCHED_POST) is mailed like a reply or a mention: the
-- notification is queued for the reply-mail job in the transaction that wrote it (lib/mail/drain.ts).
CREATE OR REPLACE FUNCTION forum_queue_notification_mail() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.type::text IN ('COMMENT_REPLY', 'MENTION', 'WATCHED_POST') THEN
    INSERT INTO notification_mail_queue (notification_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NEW;
END $$;
