CREATE TABLE "released_usernames" (
	"name_hash" text PRIMARY KEY NOT NULL,
	"released_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
