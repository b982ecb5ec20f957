-- Categories worth having (issue 57 item 5): a slug (/c/{slug} beside /c/{id}), a colour, and one level of
-- sub-categories (parent_id; a parent has no parent itself: lib/services/taxonomy/categories.ts checks it in
-- the editing transaction, the constraints below keep the data sane whatever writes it).
ALTER TABLE "categories" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "color" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "parent_id" integer;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_slug_format" CHECK ("categories"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and "categories"."slug" !~ '^[0-9]+$');--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_color_format" CHECK ("categories"."color" ~ '^#[0-9a-f]{6}$');--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_not_own_parent" CHECK ("categories"."parent_id" <> "categories"."id");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_idx" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");
