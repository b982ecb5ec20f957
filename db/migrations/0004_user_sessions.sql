-- Server-side browser sessions (issue 20): the Auth.js cookie (a JWT) carries a random session secret
-- whose SHA-256 is a row here; the viewer lookup joins it, so signing out, "sign out everywhere" and a
-- password change revoke a cookie at once on every process. Login tokens stay in api_tokens.
CREATE TABLE IF NOT EXISTS "user_sessions" (
  "id" serial PRIMARY KEY,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "token_hash" text NOT NULL,
  "user_agent" text NOT NULL DEFAULT '',
  "ip" text NOT NULL DEFAULT '',
  "created_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
  "last_used_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
  "expires_at" timestamp(3) with time zone NOT NULL,
  "revoked_at" timestamp(3) with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "user_sessions_hash_idx" ON "user_sessions" ("token_hash");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_sessions_user_idx" ON "user_sessions" ("user_id", "created_at");
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN IF NOT EXISTS "user_agent" text NOT NULL DEFAULT '';
