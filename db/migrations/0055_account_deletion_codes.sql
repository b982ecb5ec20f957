-- Deleting an account without a password (issue 60): a mailed one-time code, kept like the other
-- mailed codes (SHA-256 only, expiry, wrong tries counted) under a purpose of its own.
ALTER TABLE "email_codes" DROP CONSTRAINT "email_codes_purpose_check";--> statement-breakpoint
ALTER TABLE "email_codes" ADD CONSTRAINT "email_codes_purpose_check" CHECK ("email_codes"."purpose" in ('verify', 'reset', 'email', 'delete'));
