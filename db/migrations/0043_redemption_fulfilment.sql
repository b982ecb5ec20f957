ALTER TYPE "public"."notification_type" ADD VALUE 'REDEMPTION_FULFILLED';--> statement-breakpoint
ALTER TABLE "point_histories" ADD COLUMN "redemption_id" integer;--> statement-breakpoint
ALTER TABLE "redemptions" ADD COLUMN "fulfilled_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "redemptions" ADD COLUMN "fulfilled_by_id" integer;--> statement-breakpoint
ALTER TABLE "point_histories" ADD CONSTRAINT "point_histories_redemption_id_redemptions_id_fk" FOREIGN KEY ("redemption_id") REFERENCES "public"."redemptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_fulfilled_by_id_users_id_fk" FOREIGN KEY ("fulfilled_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "redemptions_pending_idx" ON "redemptions" USING btree ("id" DESC NULLS LAST) WHERE "redemptions"."fulfilled_at" is null;--> statement-breakpoint
-- Redemptions made before this migration: their ledger row was written in the same transaction (the same
-- member, created_at and cost), so the history's related column can name their good too.
UPDATE "point_histories" h SET "redemption_id" = r."id" FROM "redemptions" r
WHERE h."type" = 'REDEEM' AND h."redemption_id" IS NULL AND h."user_id" = r."user_id" AND h."created_at" = r."created_at" AND h."amount" = -r."cost";
