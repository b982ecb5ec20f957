CREATE TABLE "backup_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"file_name" text,
	"bytes" bigint,
	"error" text,
	"requested_by_id" integer,
	"started_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp (3) with time zone,
	CONSTRAINT "backup_runs_trigger_check" CHECK ("backup_runs"."trigger" IN ('manual', 'scheduled', 'command')),
	CONSTRAINT "backup_runs_status_check" CHECK ("backup_runs"."status" IN ('running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "backup_schedule" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"frequency" text DEFAULT 'off' NOT NULL,
	"keep" integer DEFAULT 7 NOT NULL,
	"next_run_at" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backup_schedule_frequency_check" CHECK ("backup_schedule"."frequency" IN ('off', 'daily', 'weekly')),
	CONSTRAINT "backup_schedule_keep_check" CHECK ("backup_schedule"."keep" BETWEEN 1 AND 100)
);
--> statement-breakpoint
ALTER TABLE "backup_runs" ADD CONSTRAINT "backup_runs_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backup_runs_started_idx" ON "backup_runs" USING btree ("started_at");
