import { z } from "zod";
import { isoDateTime } from "@/lib/validation/responses";

/** Two-factor sign-in (issue 60): request and response schemas of /api/users/me/two-factor. */

const codeSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .meta({ description: "the 6 digits the authenticator app shows (or, where said, a recovery code)" });

export const twoFactorConfirmSchema = z.object({ code: codeSchema }).meta({ id: "TwoFactorConfirmInput" });
export const twoFactorCodeSchema = z.object({ code: codeSchema }).meta({ id: "TwoFactorCodeInput" });
export const twoFactorDisableSchema = z
  .object({ password: z.string().min(1).max(1024), code: codeSchema })
  .meta({ id: "TwoFactorDisableInput" });

export const twoFactorSetupSchema = z
  .object({
    secret: z.string().meta({ description: "Base32, for typing into an app by hand" }),
    otpauthUri: z.string().meta({ description: "otpauth://totp/… (RFC 6238: SHA-1, 6 digits, 30 s)" }),
    qrCode: z.string().meta({ description: "extra: the URI as a QR code, an SVG data: URL" }),
  })
  .meta({ id: "TwoFactorSetup" });

export const recoveryCodesSchema = z
  .object({ recoveryCodes: z.array(z.string()).meta({ description: "10 one-time codes, shown this once (only their hashes are kept)" }) })
  .meta({ id: "RecoveryCodes" });

export const twoFactorStatusSchema = z
  .object({
    enabled: z.boolean(),
    confirmedAt: isoDateTime.nullable(),
    recoveryCodesLeft: z.number().int(),
    requiredForYou: z.boolean().meta({ description: "an admin requires two-factor sign-in of staff, and the caller is staff" }),
  })
  .meta({ id: "TwoFactorStatus" });

export const twoFactorOffSchema = z.object({ enabled: z.literal(false) }).meta({ id: "TwoFactorOff" });

export type TwoFactorStatusDto = z.infer<typeof twoFactorStatusSchema>;
export type TwoFactorSetupDto = z.infer<typeof twoFactorSetupSchema>;
