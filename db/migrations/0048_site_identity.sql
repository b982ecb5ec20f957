-- Issue 61: the site identity (one row), the legal pages and their history, terms acceptances, banner
-- dismissals and the first-run setup token.
CREATE TABLE "banner_dismissals" (
	"user_id" integer NOT NULL,
	"version" integer NOT NULL,
	"dismissed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banner_dismissals_user_id_version_pk" PRIMARY KEY("user_id","version")
);
--> statement-breakpoint
CREATE TABLE "legal_page_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"version" integer NOT NULL,
	"markdown" text NOT NULL,
	"author_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"markdown" text NOT NULL,
	"html" text NOT NULL,
	"version" integer NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by_id" integer,
	CONSTRAINT "legal_pages_slug_check" CHECK ("legal_pages"."slug" in ('about', 'terms', 'privacy', 'guidelines'))
);
--> statement-breakpoint
CREATE TABLE "setup_tokens" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "setup_tokens_one_row" CHECK ("setup_tokens"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "site_identity" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"site_name" text,
	"site_description" text,
	"accent_color" text,
	"default_language" text,
	"contact_email" text,
	"logo_light_url" text,
	"logo_dark_url" text,
	"icons" jsonb,
	"banner_markdown" text,
	"banner_html" text,
	"banner_audience" text DEFAULT 'ALL' NOT NULL,
	"banner_version" integer DEFAULT 0 NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_identity_one_row" CHECK ("site_identity"."id" = 1),
	CONSTRAINT "site_identity_banner_audience_check" CHECK ("site_identity"."banner_audience" in ('VISITORS', 'MEMBERS', 'ALL'))
);
--> statement-breakpoint
CREATE TABLE "terms_acceptances" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"accepted_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "banner_dismissals" ADD CONSTRAINT "banner_dismissals_user_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "legal_page_revisions" ADD CONSTRAINT "legal_page_revisions_author_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "legal_pages" ADD CONSTRAINT "legal_pages_updated_by_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "terms_acceptances" ADD CONSTRAINT "terms_acceptances_user_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "legal_page_revisions_slug_version" ON "legal_page_revisions" USING btree ("slug","version");
