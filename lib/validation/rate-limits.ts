import { z } from "zod";
import type { RateLimitAction } from "@/db/schema/users";

// The rate limits inside GET/PUT /api/admin/config: how many of an action per window, per member or per
// address (the defaults: db/schema/users.ts RATE_LIMIT_DEFAULTS).

export const RATE_LIMIT_ACTIONS = [
  "login",
  "register",
  "posts",
  "comments",
  "messages",
  "uploads",
  "verifyResend",
  "forgotPassword",
] as const satisfies readonly RateLimitAction[];

/** At most a million per window; a window from a second to a day. */
export const RATE_LIMIT_MAX = 1_000_000;
export const RATE_WINDOW_MAX_SECONDS = 86_400;

const whole = (name: string, max: number) =>
  z
    .number({ error: `${name} must be a number` })
    .int("must be a whole number")
    .min(1, `must be 1 to ${max}`)
    .max(max, `must be 1 to ${max}`);

const rateLimitSchema = z.object({ limit: z.number().int(), windowSeconds: z.number().int() });

/** GET /api/admin/config: every action's limit (spread into siteConfigSchema). */
export const rateLimitsConfigShape = {
  rateLimits: z
    .object(Object.fromEntries(RATE_LIMIT_ACTIONS.map((a) => [a, rateLimitSchema])) as Record<RateLimitAction, typeof rateLimitSchema>)
    .meta({
      description:
        "extra: the rate limits in force, per action: at most `limit` per `windowSeconds`, counted per member (posts, comments, messages, uploads, verification mails) or per address and per account (sign-in, sign-up, password reset)",
    }),
};

const rateLimitInput = z.strictObject({
  limit: whole("limit", RATE_LIMIT_MAX).optional(),
  windowSeconds: whole("windowSeconds", RATE_WINDOW_MAX_SECONDS).optional(),
});

/** PUT /api/admin/config: any action's limit or window (spread into siteConfigInputSchema). */
export const rateLimitsInputShape = {
  rateLimits: z
    .strictObject(
      Object.fromEntries(RATE_LIMIT_ACTIONS.map((a) => [a, rateLimitInput.optional()])) as Record<
        RateLimitAction,
        z.ZodOptional<typeof rateLimitInput>
      >,
    )
    .optional()
    .meta({
      description: `extra: change some rate limits, e.g. {"comments": {"limit": 20}}: a limit 1 to ${RATE_LIMIT_MAX}, a window 1 to ${RATE_WINDOW_MAX_SECONDS} seconds; the others stay`,
    }),
};

export type RateLimits = Record<RateLimitAction, { limit: number; windowSeconds: number }>;
export type RateLimitsInput = Partial<Record<RateLimitAction, { limit?: number; windowSeconds?: number }>>;
