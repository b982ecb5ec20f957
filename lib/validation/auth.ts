import { signUpScreenShape } from "@/lib/validation/spam";
import { z } from "zod";
import { MEDAL_TYPES, TOKEN_SCOPES, USER_ROLES } from "@/db/schema/enums";
import { isoDateTime, meSchema, userSummarySchema } from "@/lib/validation/responses";

/** Request and response schemas of accounts, sign-in and API tokens (docs/api.md §5). */

export const USERNAME_RE = /^[A-Za-z0-9_-]{3,32}$/;

export const usernameSchema = z
  .string()
  .regex(USERNAME_RE, "3 to 32 characters: letters, digits, _ and -")
  .meta({ description: "3..32 of [A-Za-z0-9_-], unique case-insensitively" });

/** At most 72 bytes: all bcrypt (the hashes of earlier versions) read, so a password works the same wherever it was set. */
export const passwordSchema = z
  .string()
  .min(8, "at least 8 characters")
  .refine((p) => Buffer.byteLength(p, "utf8") <= 72, "at most 72 bytes");

export const registerSchema = z
  .object({
    username: usernameSchema,
    email: z.string().trim().max(254).pipe(z.email("a valid email address")),
    password: passwordSchema,
    ...signUpScreenShape,
  })
  .meta({ id: "RegisterInput" });

/** `username` may hold the username or the email; `{email, password}` is accepted too. */
export const loginSchema = z
  .object({
    username: z.string().trim().min(1).max(254).optional(),
    email: z.string().trim().min(1).max(254).optional(),
    password: z.string().min(1).max(1024),
    otp: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .optional()
      .meta({ description: "a member with two-factor sign-in: the code from the authenticator app, or a recovery code (the second step)" }),
  })
  .refine((v) => !!(v.username || v.email), { message: "username or email is required", path: ["username"] })
  .transform((v) => ({ identifier: (v.username || v.email)!, password: v.password, otp: v.otp }))
  .meta({ id: "LoginInput" });

export const createTokenSchema = z
  .object({
    name: z.string().trim().min(1).max(64),
    scopes: z
      .array(z.enum(TOKEN_SCOPES))
      .min(1)
      .transform((s) => [...new Set(s)].sort())
      .refine((s) => s.includes("read"), 'scopes must be ["read"] or ["read", "write"]'),
    expiresInDays: z.number().int().min(1).max(365).nullable().optional(),
  })
  .meta({ id: "CreateTokenInput" });

export const selectMedalSchema = z.object({ type: z.enum(MEDAL_TYPES) }).meta({ id: "SelectMedalInput" });

export const authResultSchema = z
  .object({ token: z.string(), expiresAt: isoDateTime.nullable(), user: meSchema })
  .meta({ id: "AuthResult" });

export const profileSchema = userSummarySchema
  .extend({
    role: z.enum(USER_ROLES),
    introduction: z.string().meta({ description: "markdown" }),
    point: z.number().int(),
    experience: z.number().int(),
    currentLevel: z.number().int(),
    nextLevelExp: z.number().int().nullable(),
    medals: z.array(z.enum(MEDAL_TYPES)),
    createdAt: isoDateTime,
    postCount: z.number().int().meta({ description: "published posts the caller may see" }),
    commentCount: z.number().int().meta({ description: "comments on posts the caller may see" }),
    reactionCount: z.number().int().meta({ description: "reactions received on posts and comments the caller may see" }),
    featuredCount: z.number().int().meta({ description: "featured posts the caller may see" }),
  })
  .meta({ id: "Profile" });

export const apiTokenSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    prefix: z.string().meta({ description: "first characters of the token, to recognise it" }),
    scopes: z.array(z.enum(TOKEN_SCOPES)),
    kind: z
      .enum(["personal", "login"])
      .meta({ description: "`login`: issued by POST /api/auth/login or registration (30 days); `personal`: named, from POST /api/tokens" }),
    createdAt: isoDateTime,
    lastUsedAt: isoDateTime.nullable(),
    expiresAt: isoDateTime.nullable(),
  })
  .meta({ id: "ApiToken" });

/** One active sign-in: a browser session or a login token. */
export const signInSchema = z
  .object({
    id: z.number().int().meta({ description: "session id (kind browser) or token id (kind login_token)" }),
    kind: z.enum(["browser", "login_token"]),
    userAgent: z.string(),
    ip: z.string().nullable(),
    createdAt: isoDateTime,
    lastUsedAt: isoDateTime.nullable(),
    expiresAt: isoDateTime.nullable(),
    current: z.boolean().meta({ description: "the sign-in this request came with" }),
  })
  .meta({ id: "SignIn" });

export const logoutSchema = z
  .object({
    everywhere: z
      .boolean()
      .nullish()
      .meta({ description: "true: end every browser session and login token of the account, this one included" }),
  })
  .meta({ id: "LogoutInput" });

export const changePasswordSchema = z
  .object({ currentPassword: z.string().min(1).max(1024), newPassword: passwordSchema })
  .meta({ id: "ChangePasswordInput" });

export const revokedCountSchema = z
  .object({ sessions: z.number().int(), tokens: z.number().int() })
  .meta({ id: "RevokedCount", description: "how many browser sessions and login tokens were ended" });

export const createdTokenSchema = apiTokenSchema
  .extend({ token: z.string().meta({ description: "the secret, shown once; only its SHA-256 is stored" }) })
  .meta({ id: "CreatedApiToken" });

export type RegisterInput = z.infer<typeof registerSchema>;
export type LoginInput = z.output<typeof loginSchema>;
export type CreateTokenInput = z.output<typeof createTokenSchema>;
export type ChangePasswordInput = z.output<typeof changePasswordSchema>;
export type SignInDto = z.infer<typeof signInSchema>;
export type AuthResultDto = z.infer<typeof authResultSchema>;
export type ProfileDto = z.infer<typeof profileSchema>;
export type ApiTokenDto = z.infer<typeof apiTokenSchema>;
export type CreatedTokenDto = z.infer<typeof createdTokenSchema>;
