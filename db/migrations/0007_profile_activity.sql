-- Profile activity (issue 17): a member's reactions newest first are read from an index in order.
-- The new index leads with user_id, so it also serves every lookup reactions_user_idx served.
CREATE INDEX IF NOT EXISTS "reactions_user_created_idx" ON "reactions" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
DROP INDEX IF EXISTS "reactions_user_idx";
