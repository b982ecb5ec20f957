CREATE TABLE "upload_aliases" (
	"name" text PRIMARY KEY NOT NULL,
	"upload_id" integer NOT NULL,
	"owner_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upload_aliases" ADD CONSTRAINT "upload_aliases_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_aliases" ADD CONSTRAINT "upload_aliases_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_aliases_upload_idx" ON "upload_aliases" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "upload_aliases_owner_idx" ON "upload_aliases" USING btree ("owner_id");