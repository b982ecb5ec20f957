import { z } from "zod";

// Spam and abuse defence (issue 58): the new-member settings inside GET/PUT /api/admin/config, and the
// admin lists (watched words, screened emails and addresses).

export const WATCHED_WORD_ACTIONS = ["BLOCK", "REQUIRE_APPROVAL", "CENSOR", "FLAG"] as const;
export const SCREEN_ACTIONS = ["BLOCK", "ALLOW"] as const;

const whole = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name} must be a number` })
    .int("must be a whole number")
    .min(min, `must be ${min} to ${max}`)
    .max(max, `must be ${min} to ${max}`);

/** The spam settings as GET /api/admin/config shows them (spread into siteConfigSchema). */
export const spamConfigShape = {
  newMemberMaxLinks: z
    .number()
    .int()
    .meta({ description: "extra: level-0 members: at most this many links per post or comment (default 2)" }),
  newMemberMaxImages: z
    .number()
    .int()
    .meta({ description: "extra: level-0 members: at most this many images per post or comment (default 1)" }),
  newMemberMaxMentions: z
    .number()
    .int()
    .meta({ description: "extra: level-0 members: at most this many @mentions per post or comment (default 2)" }),
  newMemberProfileLinks: z.boolean().meta({ description: "extra: level-0 members may put links in their profile text (default false)" }),
  newMemberCooldownSeconds: z
    .number()
    .int()
    .meta({ description: "extra: level-0 members wait this long between two posts or comments (default 0: no wait)" }),
  newMemberReviewPosts: z
    .number()
    .int()
    .meta({ description: "extra: a level-0 member's first this many posts and comments wait for review (default 0: none)" }),
  spamFlagSilenceThreshold: z.number().int().meta({
    description:
      "extra: a level-0 member flagged as spam by this many distinct members is silenced and their posts hidden (default 3; 0: never)",
  }),
  linkBurstLimit: z
    .number()
    .int()
    .meta({ description: "extra: a level-0 member posting more links than this within linkBurstMinutes is held (default 10; 0: never)" }),
  linkBurstMinutes: z.number().int().meta({ description: "extra: the window of linkBurstLimit, in minutes (default 10)" }),
  signupMinFillSeconds: z.number().int().meta({
    description:
      "extra: a sign-up form sent sooner than this after it was shown is refused (default 2; 0: no check; the form itself waits out the rest)",
  }),
  blockDisposableEmails: z
    .boolean()
    .meta({ description: "extra: refuse sign-ups at disposable-email domains (default true; an ALLOW screened domain overrides)" }),
};

/** PUT /api/admin/config: the same, each optional (spread into siteConfigInputSchema). */
export const spamConfigInputShape = {
  newMemberMaxLinks: whole("newMemberMaxLinks", 0, 100).optional(),
  newMemberMaxImages: whole("newMemberMaxImages", 0, 100).optional(),
  newMemberMaxMentions: whole("newMemberMaxMentions", 0, 100).optional(),
  newMemberProfileLinks: z.boolean({ error: "newMemberProfileLinks must be true or false" }).optional(),
  newMemberCooldownSeconds: whole("newMemberCooldownSeconds", 0, 86_400).optional(),
  newMemberReviewPosts: whole("newMemberReviewPosts", 0, 100).optional(),
  spamFlagSilenceThreshold: whole("spamFlagSilenceThreshold", 0, 100).optional(),
  linkBurstLimit: whole("linkBurstLimit", 0, 1000).optional(),
  linkBurstMinutes: whole("linkBurstMinutes", 1, 1440).optional(),
  signupMinFillSeconds: whole("signupMinFillSeconds", 0, 600).optional(),
  blockDisposableEmails: z.boolean({ error: "blockDisposableEmails must be true or false" }).optional(),
};

export const watchedWordSchema = z
  .object({
    id: z.number().int(),
    word: z.string(),
    action: z.enum(WATCHED_WORD_ACTIONS),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "WatchedWord" });
export const createWatchedWordSchema = z
  .object({
    word: z
      .string({ error: "word is required" })
      .trim()
      .min(1, "must not be empty")
      .max(100, "must be at most 100 characters")
      .refine((w) => w.replace(/\*/g, "").trim().length > 0, "must hold a letter besides *")
      .refine((w) => !/[\u0000-\u001f\u007f]/.test(w), "must be plain text"),
    action: z.enum(WATCHED_WORD_ACTIONS, { error: "must be BLOCK, REQUIRE_APPROVAL, CENSOR or FLAG" }),
  })
  .meta({ id: "CreateWatchedWord" });

export const screenedEmailSchema = z
  .object({ id: z.number().int(), domain: z.string(), action: z.enum(SCREEN_ACTIONS), createdAt: z.iso.datetime() })
  .meta({ id: "ScreenedEmail" });
export const createScreenedEmailSchema = z
  .object({
    domain: z
      .string({ error: "domain is required" })
      .trim()
      .toLowerCase()
      .transform((d) => d.replace(/^.*@/, "").replace(/\.$/, ""))
      .pipe(
        z
          .string()
          .min(3, "must be a domain such as example.com")
          .max(253)
          .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/, "must be a domain such as example.com"),
      ),
    action: z.enum(SCREEN_ACTIONS, { error: "must be BLOCK or ALLOW" }),
  })
  .meta({ id: "CreateScreenedEmail" });

export const screenedIpSchema = z
  .object({ id: z.number().int(), cidr: z.string(), action: z.enum(SCREEN_ACTIONS), createdAt: z.iso.datetime() })
  .meta({ id: "ScreenedIp" });
export const createScreenedIpSchema = z
  .object({
    cidr: z
      .string({ error: "cidr is required" })
      .trim()
      .min(2, "must be an address or a CIDR range")
      .max(64, "must be an address or a CIDR range"),
    action: z.enum(SCREEN_ACTIONS, { error: "must be BLOCK or ALLOW" }),
  })
  .meta({ id: "CreateScreenedIp" });

/** What the admin user page shows: recent sign-in addresses and the member's spam state. */
export const userSpamSchema = z
  .object({
    addresses: z.array(z.object({ ip: z.string(), lastUsedAt: z.iso.datetime(), screened: z.enum(SCREEN_ACTIONS).nullable() })),
    silenced: z.object({ reason: z.string(), automatic: z.boolean(), createdAt: z.iso.datetime() }).nullable(),
    newMember: z.boolean(),
  })
  .meta({ id: "UserSpamState" });
export const silenceUserSchema = z.object({ reason: z.string().trim().max(500).default("") }).meta({ id: "SilenceUser" });
export const deleteSpammerResultSchema = z
  .object({
    posts: z.number().int(),
    comments: z.number().int(),
    messages: z.number().int(),
    blockedDomain: z.string().nullable(),
    blockedIp: z.string().nullable(),
  })
  .meta({ id: "DeleteSpammerResult" });

export type WatchedWordDto = z.infer<typeof watchedWordSchema>;
export type ScreenedEmailDto = z.infer<typeof screenedEmailSchema>;
export type ScreenedIpDto = z.infer<typeof screenedIpSchema>;
export type UserSpamDto = z.infer<typeof userSpamSchema>;
export type DeleteSpammerResultDto = z.infer<typeof deleteSpammerResultSchema>;
export type SpamSettings = { [K in keyof typeof spamConfigShape]: z.infer<(typeof spamConfigShape)[K]> };

/** Fields the sign-up form adds to POST /api/auth/register (spread into registerSchema); API clients may omit them. */
export const signUpScreenShape = {
  website: z
    .string()
    .max(500)
    .optional()
    .meta({ description: "honeypot: the form hides it from people and screen readers; filled, sign-up is refused" }),
  formToken: z.string().max(200).optional().meta({ description: "the sign-up form's signed start time (minimum fill time)" }),
  captchaToken: z.string().max(4096).optional().meta({ description: "the captcha widget's answer, when CAPTCHA_PROVIDER is set" }),
};
