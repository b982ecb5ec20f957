-- Issue 21: reactions to the same post or comment are one notification ("alice and 3 others reacted")
-- while it is unread. `actors` holds the members who reacted, latest last; from_user_id is the latest.
ALTER TABLE "notifications" ADD COLUMN IF NOT EXISTS "actors" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
UPDATE "notifications" SET "actors" = ARRAY["from_user_id"] WHERE "type" = 'REACTION' AND "from_user_id" IS NOT NULL AND "actors" = '{}';--> statement-breakpoint
-- A grouped notification that gains a member is news to its reader, like a new row.
CREATE TRIGGER notifications_events_grouped AFTER UPDATE OF actors ON notifications FOR EACH ROW
  WHEN (cardinality(NEW.actors) > cardinality(OLD.actors)) EXECUTE FUNCTION forum_events_notifications();
