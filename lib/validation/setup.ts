import { z } from "zod";
import { passwordSchema, usernameSchema } from "@/lib/validation/auth";
import { LOCALES } from "@/lib/i18n/locale";

/** The first-run setup (issue 61): open only while no administrator exists, and only with its token. */

export const setupTokenSchema = z.string({ error: "token is required" }).min(1, "token is required").max(200, "not a setup token");
export const setupQuerySchema = z.object({ token: setupTokenSchema });
export const setupStateSchema = z.object({
  open: z.literal(true).meta({ description: "the setup is open and the token is right (else 404)" }),
});
export const setupInputSchema = z.object({
  token: setupTokenSchema,
  username: usernameSchema,
  email: z.string({ error: "email is required" }).trim().max(254).pipe(z.email("a valid email address")),
  password: passwordSchema,
});
export type SetupInput = z.infer<typeof setupInputSchema>;
export const setupResultSchema = z.object({
  user: z.object({ id: z.number().int(), username: z.string(), role: z.literal("ADMIN") }),
});
export const setupSiteSchema = z.object({
  siteName: z.string().trim().min(1).max(60),
  siteDescription: z.string().trim().max(200).optional(),
  defaultLanguage: z.enum(LOCALES),
});
