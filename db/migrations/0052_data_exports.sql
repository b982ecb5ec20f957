ALTER TYPE "public"."notification_type" ADD VALUE 'DATA_EXPORT_READY';--> statement-breakpoint
CREATE TABLE "data_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"token" text NOT NULL,
	"file_name" text,
	"bytes" bigint,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_by" text,
	"locked_until" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp (3) with time zone,
	"finished_at" timestamp (3) with time zone,
	"expires_at" timestamp (3) with time zone,
	CONSTRAINT "data_exports_status_check" CHECK ("data_exports"."status" IN ('pending', 'running', 'ready', 'failed', 'expired')),
	CONSTRAINT "data_exports_progress_check" CHECK ("data_exports"."progress" BETWEEN 0 AND 100)
);
--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_token_idx" ON "data_exports" USING btree ("token");--> statement-breakpoint
CREATE INDEX "data_exports_user_idx" ON "data_exports" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_active_idx" ON "data_exports" USING btree ("user_id") WHERE "data_exports"."status" in ('pending', 'running');--> statement-breakpoint
CREATE INDEX "data_exports_due_idx" ON "data_exports" USING btree ("status","id") WHERE "data_exports"."status" in ('pending', 'running');--> statement-breakpoint
CREATE INDEX "data_exports_expiry_idx" ON "data_exports" USING btree ("expires_at") WHERE "data_exports"."status" = 'ready';
