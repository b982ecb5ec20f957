import { z } from "zod";
import { REGISTRATION_MODES } from "@/lib/validation/responses";
import { publicIdentityShape } from "@/lib/validation/site";

/**
 * The calls OpenIsle's header, editor and about pages make (OpenIsle's
 * OnlineController, ConfigController, ActivityController, DraftController, StatController), in its shapes.
 */

/** GET /api/online/count: a bare integer, as OpenIsle answers. */
export const onlineCountSchema = z.number().int().meta({ description: "members seen in the last 5 minutes" });

/** POST /api/online/heartbeat: OpenIsle's client names itself with `userId` (a member id or a guest id); we do not trust it. */
export const heartbeatQuerySchema = z.object({
  userId: z.string().max(100).optional().meta({ description: "ignored: the caller is known by its token or session" }),
});

/** GET /api/config: OpenIsle's SiteConfigDto. */
export const publicConfigSchema = z
  .object({
    captchaEnabled: z.boolean().meta({ description: "true when any form asks for a captcha (here: registerCaptchaEnabled)" }),
    registerCaptchaEnabled: z.boolean().meta({
      description: "true when sign-up asks for a captcha: CAPTCHA_PROVIDER (turnstile or hcaptcha) and both keys set (docs/spam.md)",
    }),
    loginCaptchaEnabled: z.boolean().meta({ description: "false: sign-in asks for no captcha" }),
    postCaptchaEnabled: z.boolean().meta({ description: "false: posts ask for no captcha" }),
    commentCaptchaEnabled: z.boolean().meta({ description: "false: comments ask for no captcha" }),
    captchaProvider: z.enum(["turnstile", "hcaptcha"]).nullable().meta({
      description:
        "extra (OpenIsle has reCAPTCHA only and names none): the sign-up captcha's provider, null when registerCaptchaEnabled is false",
    }),
    captchaSiteKey: z.string().nullable().meta({
      description: "extra: the provider's public site key for its widget (never the secret), null when registerCaptchaEnabled is false",
    }),
    aiFormatLimit: z.number().int().meta({ description: "0: we offer no AI formatting (POST /api/ai/format is not answered)" }),
    registerMode: z
      .enum(["DIRECT", "CLOSED"])
      .meta({ description: "DIRECT (OpenIsle's value): anyone may sign up; CLOSED (ours): sign-up is refused" }),
    registrationMode: z.enum(REGISTRATION_MODES).meta({ description: "extra: our own name of the setting (GET /api/admin/config)" }),
    ...publicIdentityShape,
  })
  .meta({ id: "PublicConfig" });
export type PublicConfigDto = z.infer<typeof publicConfigSchema>;

/**
 * GET /api/channels: OpenIsle's ChannelDto (its public group chats, ChannelController). This forum has none, so the
 * list is always empty; the shape documents what OpenIsle's client would read.
 */
export const channelSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    avatar: z.string().nullable(),
    lastMessage: z.unknown().nullable().meta({ description: "the channel's last message" }),
    memberCount: z.number().int(),
    joined: z.boolean(),
    unreadCount: z.number().int(),
  })
  .meta({ id: "Channel" });

/** GET /api/channels/unread-count: a bare integer, as OpenIsle answers (0: there are no channels). */
export const channelUnreadCountSchema = z.number().int().meta({ description: "unread channel messages: always 0, there are no channels" });

/** GET /api/activities: OpenIsle's ActivityDto (its campaigns: milk tea, invite points). We run none. */
export const activitySchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    icon: z.string(),
    content: z.string(),
    startTime: z.iso.datetime().nullable(),
    endTime: z.iso.datetime().nullable(),
    type: z.string(),
    ended: z.boolean(),
  })
  .meta({ id: "Activity" });

const title = z.string().max(200, "at most 200 characters").nullable().optional();
const content = z.string().max(100_000, "at most 100,000 characters").nullable().optional();

/** POST /api/drafts: OpenIsle's DraftRequest (every field optional; the client also sends `postVisibleScopeType`, ignored as OpenIsle does). */
export const draftInputSchema = z
  .object({
    title,
    content,
    categoryId: z.number().int().min(1).max(2_147_483_647).nullable().optional(),
    tagIds: z.array(z.number().int().min(1).max(2_147_483_647)).max(50, "at most 50 tags").nullable().optional(),
  })
  .meta({ id: "DraftInput" });
export type DraftInput = z.infer<typeof draftInputSchema>;

/** OpenIsle's DraftDto. */
export const draftSchema = z
  .object({
    id: z.number().int(),
    title: z.string().nullable(),
    content: z.string().nullable(),
    categoryId: z.number().int().nullable().meta({ description: "null when none, or when the category was deleted" }),
    tagIds: z.array(z.number().int()).meta({ description: "tags that still exist" }),
  })
  .meta({ id: "Draft" });
export type DraftDto = z.infer<typeof draftSchema>;

/** GET /api/stats/*-range?days=: OpenIsle clamps `days` below at 1; we also above, at 366. */
export const statsRangeQuerySchema = z.object({
  days: z.coerce
    .number({ error: "days must be a number" })
    .int("days must be a whole number")
    .transform((d) => Math.min(366, Math.max(1, d)))
    .default(30)
    .meta({ description: "how many days up to today (UTC), 1..366 (outside: clamped)" }),
});
export const statsPointSchema = z
  .object({ date: z.iso.date().meta({ description: "a UTC day" }), value: z.number().int() })
  .meta({ id: "StatsPoint" });
export type StatsPointDto = z.infer<typeof statsPointSchema>;

/** GET /api/stats/dau?date=: one day (default today, UTC). */
export const dauQuerySchema = z.object({ date: z.iso.date().optional().meta({ description: "YYYY-MM-DD, UTC" }) });
export const dauSchema = z.object({ dau: z.number().int() }).meta({ id: "Dau" });
