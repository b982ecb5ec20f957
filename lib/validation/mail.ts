import { z } from "zod";
import { EMAIL_MODES } from "@/db/schema/mail";
import { passwordSchema, usernameSchema } from "@/lib/validation/auth";

/** Request and response schemas of verification, password reset and email preferences. */

export const verifyEmailSchema = z
  .object({
    username: usernameSchema.optional().meta({ description: "whose address; may be left out when signed in" }),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, "the 6-digit code from the mail"),
  })
  .meta({ id: "VerifyEmailInput" });

export const verifyResultSchema = z
  .object({ verified: z.literal(true), reason_code: z.literal("VERIFIED_AND_APPROVED").meta({ description: "as OpenIsle answers" }) })
  .meta({ id: "VerifyEmailResult", description: "Only the outcome, never the account: an anonymous caller may learn nothing more." });

export const resendResultSchema = z.object({ sent: z.boolean(), email: z.string() }).meta({ id: "VerifyResendResult" });

export const forgotPasswordSchema = z
  .object({ email: z.string().trim().min(1).max(254) })
  .meta({ id: "ForgotPasswordInput", description: "the account's email address" });

export const acceptedSchema = z
  .object({ accepted: z.literal(true), message: z.string() })
  .meta({ id: "Accepted", description: "always the same answer, whether or not the address has an account" });

export const resetPasswordSchema = z
  .object({ token: z.string().trim().min(20).max(100), password: passwordSchema })
  .meta({ id: "ResetPasswordInput" });

export const emailPrefsSchema = z
  .object({
    mode: z.enum(EMAIL_MODES).meta({
      description: "immediate: a mail for each reply or mention while away; daily/weekly: a digest of unread ones; off: none",
    }),
    awayMinutes: z.number().int().meta({ description: "immediate mail goes out only when the member has not been seen for this long" }),
  })
  .meta({ id: "EmailPrefs" });

export const updateEmailPrefsSchema = z.object({ mode: z.enum(EMAIL_MODES) }).meta({ id: "UpdateEmailPrefsInput" });

export const unsubscribeQuerySchema = z.object({
  u: z.coerce.number().int().positive().max(2147483647),
  t: z.string().min(1).max(100),
});

export type EmailPrefsDto = z.infer<typeof emailPrefsSchema>;
export type VerifyResultDto = z.infer<typeof verifyResultSchema>;
