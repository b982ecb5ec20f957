CREATE TABLE "user_visit_days" (
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"last_seen_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_visit_days_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
CREATE TABLE "drafts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text,
	"content" text,
	"category_id" integer,
	"tag_ids" integer[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_visit_days" ADD CONSTRAINT "user_visit_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_visit_days_user_idx" ON "user_visit_days" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "user_visit_days_seen_idx" ON "user_visit_days" USING btree ("last_seen_at");--> statement-breakpoint
CREATE UNIQUE INDEX "drafts_user_idx" ON "drafts" USING btree ("user_id");