import { spamConfigInputShape, spamConfigShape } from "@/lib/validation/spam";
import { z } from "zod";
import { PUBLISH_MODES } from "@/db/schema/enums";
import { LOCALES } from "@/lib/i18n/locale";
import { identityInputShape, identitySettingsShape } from "@/lib/validation/site";
import { rateLimitsConfigShape, rateLimitsInputShape, type RateLimitsInput } from "@/lib/validation/rate-limits";
import {
  CHANGE_LOG_TYPES,
  MEDAL_TYPES,
  NOTIFICATION_TYPES,
  POST_STATUSES,
  POST_TYPES,
  REACTION_TYPES,
  USER_ROLES,
  VISIBLE_SCOPES,
} from "@/db/schema/enums";

/**
 * The response objects of interface-spec.md §2 / docs/api.md §6. Every listed field is always present
 * (null where it does not apply). These schemas generate /api/openapi.json and type the services' DTOs.
 */

export const isoDateTime = z.iso.datetime().meta({ description: "ISO 8601 UTC with milliseconds and Z" });

export const userSummarySchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    avatar: z.string(),
    displayMedal: z.enum(MEDAL_TYPES).nullable(),
    bot: z.boolean(),
    displayName: z.string().nullable().meta({ description: "extra: the name the member chose to show beside their username, or null" }),
  })
  .meta({ id: "UserSummary" });

/** The fields Category and Tag share. */
const taxonomyFields = {
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  smallIcon: z.string(),
};

export const categorySchema = z
  .object({
    ...taxonomyFields,
    count: z.number().int().nullable().meta({ description: "PUBLISHED, ALL-visible posts in it" }),
  })
  .meta({ id: "Category" });

/**
 * A category as the category endpoints answer it (GET/POST/PUT /api/categories…): OpenIsle's fields
 * unchanged, and the extras (issue 57 item 5). A post's embedded category keeps the plain Category.
 */
export const categoryFullSchema = categorySchema
  .extend({
    slug: z.string().nullable().meta({ description: "extra: /c/{slug} shows the category as /c/{id} does; null: none" }),
    color: z.string().nullable().meta({ description: "extra: #rrggbb (AA contrast in both themes), or null" }),
    parentId: z.number().int().nullable().meta({ description: "extra: the parent category (one level of sub-categories), or null" }),
    position: z.number().int().meta({ description: "extra: the admins' order (1, 2, …); 0: not placed (after the placed ones)" }),
  })
  .meta({ id: "CategoryFull" });

export const tagSchema = z
  .object({
    ...taxonomyFields,
    createdAt: isoDateTime,
    count: z.number().int().nullable(),
  })
  .meta({ id: "Tag" });

export const reactionSchema = z
  .object({
    id: z.number().int(),
    type: z.enum(REACTION_TYPES),
    user: z.string().meta({ description: "username of the reacting user" }),
    postId: z.number().int().nullable(),
    commentId: z.number().int().nullable(),
    messageId: z.number().int().nullable(),
    reward: z.number().int(),
  })
  .meta({ id: "Reaction" });

export const lotterySchema = z
  .object({
    prizeDescription: z.string(),
    prizeIcon: z.string(),
    prizeCount: z.number().int(),
    pointCost: z.number().int(),
    startTime: isoDateTime,
    endTime: isoDateTime,
    participants: z.array(userSummarySchema),
    winners: z.array(userSummarySchema),
    seedHash: z.string().meta({ description: "sha256(seed), hex, published at creation" }),
    seed: z.string().nullable().meta({ description: "hex seed, revealed at the draw" }),
    drawnAt: isoDateTime.nullable(),
  })
  .meta({ id: "Lottery" });

export const pollSchema = z
  .object({
    options: z.array(z.string()),
    votes: z.record(z.string(), z.number().int()),
    endTime: isoDateTime,
    participants: z.array(userSummarySchema),
    optionParticipants: z.record(z.string(), z.array(userSummarySchema)),
    multiple: z.boolean(),
    finalized: z.boolean(),
    myVotes: z.array(z.string()).meta({ description: "the caller's chosen options ([] when none or anonymous)" }),
  })
  .meta({ id: "Poll" });

export const postSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    content: z.string(),
    createdAt: isoDateTime,
    author: userSummarySchema,
    category: categorySchema,
    tags: z.array(tagSchema),
    views: z.number().int(),
    commentCount: z.number().int(),
    status: z.enum(POST_STATUSES),
    pinnedAt: isoDateTime.nullable(),
    lastReplyAt: isoDateTime.nullable(),
    reactions: z.array(reactionSchema),
    participants: z.array(userSummarySchema),
    subscribed: z.boolean(),
    reward: z.number().int(),
    pointReward: z.number().int(),
    type: z.enum(POST_TYPES),
    lottery: lotterySchema.nullable(),
    poll: pollSchema.nullable(),
    rssExcluded: z.boolean(),
    closed: z.boolean(),
    closedByStaff: z.boolean().optional().meta({
      description:
        "extra, closed posts only: closed by staff (not its author), so only staff may reopen it (its author gets 403 `staff_decision`)",
    }),
    visibleScope: z.enum(VISIBLE_SCOPES),
    featured: z.boolean().meta({ description: "extra: rssExcluded === false" }),
    slowModeSeconds: z
      .number()
      .int()
      .meta({ description: "extra: staff-set slow mode, seconds a member waits between comments on this post (0: off)" }),
    staffEditedAt: isoDateTime.nullable().optional().meta({
      description:
        "extra: the last time someone other than the author changed its title or content, by an edit or a restore (its history shows what)",
    }),
    rejectedReason: z.string().nullable().optional().meta({
      description: "extra, REJECTED posts only (their author and staff see them): the moderator's reason, null when none was given",
    }),
    newComments: z
      .number()
      .int()
      .optional()
      .meta({ description: "signed-in callers: comments by others since they last read the post (0 if never opened)" }),
    isNew: z
      .boolean()
      .optional()
      .meta({ description: "signed-in callers: created by someone else since their previous visit and not opened yet" }),
  })
  .meta({ id: "Post" });

export type CommentDto = {
  id: number;
  content: string;
  hidden?: boolean;
  /** Issue 58: "PENDING" on the answer to a comment the spam defence holds for review. */
  status?: "PENDING";
  createdAt: string;
  pinnedAt: string | null;
  author: z.infer<typeof userSummarySchema>;
  replies: CommentDto[];
  reactions: z.infer<typeof reactionSchema>[];
  reward: number;
  pointReward: number;
  deleted: boolean;
  postId: number;
  parentId: number | null;
  /** Set once the comment was edited. */
  editedAt?: string | null;
  /** Edited by staff rather than its author. */
  staffEdited?: boolean;
  /** Pinned by staff rather than the post's author: only staff may unpin it. */
  pinnedByStaff?: boolean;
};

export const commentSchema: z.ZodType<CommentDto> = z
  .object({
    id: z.number().int(),
    content: z.string().meta({ description: '"" when deleted, or when hidden and the caller is neither staff nor its author' }),
    hidden: z.boolean().optional().meta({ description: "hidden by member flags or staff until reviewed" }),
    status: z
      .literal("PENDING")
      .optional()
      .meta({ description: "extra, on POST only: the spam defence holds the comment for review (hidden until staff approve it)" }),
    createdAt: isoDateTime,
    pinnedAt: isoDateTime.nullable(),
    author: userSummarySchema,
    get replies() {
      return z.array(commentSchema);
    },
    reactions: z.array(reactionSchema),
    reward: z.number().int(),
    pointReward: z.number().int(),
    deleted: z.boolean(),
    postId: z.number().int(),
    parentId: z.number().int().nullable(),
    editedAt: isoDateTime
      .nullable()
      .optional()
      .meta({ description: "extra: when the comment was last edited (its history: GET /api/comments/{id}/change-logs)" }),
    staffEdited: z.boolean().optional().meta({ description: "extra: the last edit was made by staff, not the author" }),
    pinnedByStaff: z.boolean().optional().meta({
      description:
        "extra, pinned comments only: pinned by staff, not the post's author, so only staff may unpin it (its author gets 403 `staff_decision`)",
    }),
  })
  .meta({ id: "Comment" });

export const postDetailSchema = postSchema
  .extend({
    comments: z.array(commentSchema),
    firstUnreadCommentId: z.number().int().nullable().optional().meta({
      description:
        "signed-in callers: the first comment by others since they last read the post (null: nothing new or first visit); opening the post marks it read",
    }),
  })
  .meta({ id: "PostDetail" });

export const pointGoodSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    cost: z.number().int(),
    image: z.string(),
    description: z.string(),
    retired: z
      .boolean()
      .optional()
      .meta({ description: "extra: taken out of the shop by an admin (only the admin list shows retired goods)" }),
  })
  .meta({ id: "PointGood" });

export const notificationSchema = z
  .object({
    id: z.number().int(),
    type: z.enum(NOTIFICATION_TYPES),
    post: postSchema.nullable(),
    comment: commentSchema.nullable(),
    parentComment: commentSchema.nullable(),
    fromUser: userSummarySchema.nullable(),
    reactionType: z.enum(REACTION_TYPES).nullable(),
    content: z.string().nullable(),
    approved: z.boolean().nullable(),
    read: z.boolean(),
    createdAt: isoDateTime,
    excerpt: z.string().nullable().meta({
      description:
        "extra: the comment (or the message) as one line of plain text, markdown rendered and stripped, code blocks as [code], at most 140 characters",
    }),
    actorCount: z.number().int().min(1).meta({
      description:
        'extra: how many members this notification stands for. REACTION notifications group every reaction to the same post or comment while unread ("fromUser and actorCount - 1 others reacted"); 1 otherwise',
    }),
  })
  .meta({ id: "Notification" });

export const changeLogSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    userAvatar: z.string(),
    type: z.enum(CHANGE_LOG_TYPES),
    time: isoDateTime,
    oldTitle: z.string().nullable(),
    newTitle: z.string().nullable(),
    oldContent: z.string().nullable(),
    newContent: z.string().nullable(),
    oldCategory: categorySchema.nullable(),
    newCategory: categorySchema.nullable(),
    oldTags: z.array(tagSchema).nullable(),
    newTags: z.array(tagSchema).nullable(),
    oldClosed: z.boolean().nullable(),
    newClosed: z.boolean().nullable(),
    oldPinnedAt: isoDateTime.nullable(),
    newPinnedAt: isoDateTime.nullable(),
    oldFeatured: z.boolean().nullable(),
    newFeatured: z.boolean().nullable(),
    oldVisibleScope: z.enum(VISIBLE_SCOPES).nullable(),
    newVisibleScope: z.enum(VISIBLE_SCOPES).nullable(),
    amount: z.number().int().nullable(),
    restoredVersion: z.number().int().nullable().optional().meta({
      description: "extra: the version this entry restored (a restore writes one entry per field it changed); null for an ordinary edit",
    }),
  })
  .meta({ id: "PostChangeLog" });

export const meSchema = userSummarySchema
  .extend({
    email: z.string(),
    introduction: z.string().meta({ description: "markdown" }),
    role: z.enum(USER_ROLES),
    point: z.number().int(),
    experience: z.number().int(),
    currentLevel: z.number().int(),
    nextLevelExp: z.number().int().nullable(),
    medals: z.array(z.enum(MEDAL_TYPES)),
    createdAt: isoDateTime,
    emailVerified: z.boolean().meta({ description: "false until the address is confirmed (POST /api/auth/verify)" }),
    locale: z.enum(LOCALES).nullable().meta({ description: "the saved interface language; null: none chosen" }),
  })
  .meta({ id: "Me" });

export const errorSchema = z
  .object({
    error: z.string(),
    code: z.string(),
    field: z.string().optional(),
    issues: z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() })).optional(),
  })
  .meta({ id: "Error" });

export type UserSummaryDto = z.infer<typeof userSummarySchema>;
export type CategoryDto = z.infer<typeof categorySchema>;
export type CategoryFullDto = z.infer<typeof categoryFullSchema>;
export type TagDto = z.infer<typeof tagSchema>;
export type ReactionDto = z.infer<typeof reactionSchema>;
export type LotteryDto = z.infer<typeof lotterySchema>;
export type PollDto = z.infer<typeof pollSchema>;
export type PostDto = z.infer<typeof postSchema>;
export type PostDetailDto = PostDto & { comments: CommentDto[]; firstUnreadCommentId?: number | null; readUpTo?: number };
export type PointGoodDto = z.infer<typeof pointGoodSchema>;
export type NotificationDto = z.infer<typeof notificationSchema>;
export type ChangeLogDto = z.infer<typeof changeLogSchema>;
export type MeDto = z.infer<typeof meSchema>;

// Small response shapes without a component id of their own (app/api/openapi.json/openapi.ts names them).
export const healthSchema = z.object({ status: z.enum(["ok", "degraded"]), db: z.enum(["ok", "down"]) });
/** GET/PUT /api/admin/config: the site settings (also the PUT body). */
export const REGISTRATION_MODES = ["OPEN", "CLOSED"] as const;
export const TAG_CREATORS = ["EVERYONE", "LEVEL", "STAFF"] as const;
export const siteConfigSchema = z.object({
  publishMode: z.enum(PUBLISH_MODES),
  registrationMode: z
    .enum(REGISTRATION_MODES)
    .meta({ description: "extra: OPEN: anyone may sign up; CLOSED: POST /api/auth/register answers 403 registration_closed" }),
  flagHideThreshold: z
    .number()
    .int()
    .meta({ description: "extra: open flags from this many distinct members hide a post or comment until staff review it" }),
  usernameChangeDays: z.number().int().nullable().meta({
    description: "extra: members may change their username at most once per this many days (0: any time); null: not at all",
  }),
  messageMinLevel: z.number().int().meta({ description: "extra: direct messages: members below this level may message staff only (spam)" }),
  staffReadMessages: z.boolean().meta({
    description:
      "extra: direct messages: staff may read members' conversations (abuse reports), each read written to the audit log; off by default",
  }),
  minPostTags: z.number().int().meta({ description: "extra: a post needs at least this many tags (0 to 5; 0: tags are optional)" }),
  tagCreators: z.enum(TAG_CREATORS).meta({
    description:
      "extra: who may create tags: EVERYONE (every signed-in member), LEVEL (members from tagCreateMinLevel; staff always), STAFF",
  }),
  tagCreateMinLevel: z.number().int().meta({ description: "extra: with tagCreators LEVEL, the level a member needs to create tags" }),
  staffTwoFactor: z.boolean().meta({
    description: "extra: moderators and admins must turn on two-factor sign-in; until they do, every page asks them to set it up first",
  }),
  ssoOnly: z.boolean().meta({
    description:
      "extra: sign-in through the configured OpenID/OAuth providers only: password sign-in (the form, POST /api/auth/login) and sign-up answer 403 sso_only, except for admins; needs a provider (400 otherwise)",
  }),
  ssoAvailable: z.boolean().meta({ description: "extra, read-only: an OpenID Connect, GitHub or Google provider is configured" }),
  ...spamConfigShape,
  ...rateLimitsConfigShape,
  // Site identity, banner and links (issue 61; lib/services/site/identity.ts).
  ...identitySettingsShape,
});
/** PUT /api/admin/config: any of the settings. */
export const siteConfigInputSchema = z.object({
  publishMode: z.enum(PUBLISH_MODES).optional(),
  registrationMode: z.enum(REGISTRATION_MODES).optional(),
  flagHideThreshold: z
    .number({ error: "flagHideThreshold must be a number" })
    .int("must be a whole number")
    .min(1, "must be 1 to 100")
    .max(100, "must be 1 to 100")
    .optional(),
  usernameChangeDays: z
    .number({ error: "usernameChangeDays must be a number or null" })
    .int("must be a whole number")
    .min(0, "must be 0 to 3650 days, or null")
    .max(3650, "must be 0 to 3650 days, or null")
    .nullable()
    .optional(),
  messageMinLevel: z
    .number({ error: "messageMinLevel must be a number" })
    .int("must be a whole number")
    .min(0, "must be 0 to 10")
    .max(10, "must be 0 to 10")
    .optional(),
  staffReadMessages: z.boolean({ error: "staffReadMessages must be true or false" }).optional(),
  staffTwoFactor: z.boolean({ error: "staffTwoFactor must be true or false" }).optional(),
  ssoOnly: z.boolean({ error: "ssoOnly must be true or false" }).optional(),
  minPostTags: z
    .number({ error: "minPostTags must be a number" })
    .int("must be a whole number")
    .min(0, "must be 0 to 5")
    .max(5, "must be 0 to 5")
    .optional(),
  tagCreators: z.enum(TAG_CREATORS, { error: "must be EVERYONE, LEVEL or STAFF" }).optional(),
  tagCreateMinLevel: z
    .number({ error: "tagCreateMinLevel must be a number" })
    .int("must be a whole number")
    .min(0, "must be 0 to 6")
    .max(6, "must be 0 to 6")
    .optional(),
  ...spamConfigInputShape,
  ...rateLimitsInputShape,
  ...identityInputShape,
});
export const renderedMarkdownSchema = z.object({ html: z.string().meta({ description: "sanitized HTML" }) });
export const postReadSchema = z.object({ postId: z.number().int(), read: z.literal(true) });
export const allReadSchema = z.object({ allReadAt: z.iso.datetime() });
export type SiteConfigDto = z.infer<typeof siteConfigSchema>;
/** PUT /api/admin/config's body: any of the settings, the rate limits as a partial `rateLimits`. */
export type SiteConfigInput = Partial<Omit<SiteConfigDto, "rateLimits">> & { rateLimits?: RateLimitsInput };
