import { z } from "zod";
import { MEDAL_TYPES, REACTION_TYPES } from "@/db/schema/enums";
import { usernameSchema } from "@/lib/validation/auth";
import { displayNameSchema } from "@/lib/validation/account";
import { idList, idString, upToString } from "@/lib/validation/posts";
import { LOCALES } from "@/lib/i18n/locale";
import { isoDateTime, meSchema, userSummarySchema } from "@/lib/validation/responses";

/** Profiles and account settings (OpenIsle's /api/users paths). */

export const INTRODUCTION_MAX = 2000;

/** `page`/`pageSize` of the profile lists (posts, replies, activity), newest first. */
export const userListQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});

/** PUT /api/users/me: every field optional; `displayMedal: null` goes back to the best earned medal. */
export const updateMeSchema = z
  .object({
    introduction: z.string().max(INTRODUCTION_MAX, `at most ${INTRODUCTION_MAX} characters`).optional(),
    displayMedal: z.enum(MEDAL_TYPES).nullable().optional().meta({ description: "an earned medal, or null for the best earned one" }),
    username: usernameSchema.optional().meta({
      description: "a new username, when the site allows renames (403 on `username` otherwise); the old name keeps leading to you",
    }),
    displayName: displayNameSchema.optional(),
    locale: z
      .enum(LOCALES)
      .nullable()
      .optional()
      .meta({ description: "the interface language, or null for none; the answer sets the `lang` cookie to it" }),
  })
  .meta({ id: "UpdateMeInput" });

export const postRefSchema = z.object({ id: z.number().int(), title: z.string() }).meta({ id: "PostRef" });

/** A comment of the member with the post it answers (GET /api/users/{idOrUsername}/replies). */
export const userReplySchema = z
  .object({
    id: z.number().int(),
    content: z.string().meta({ description: "markdown" }),
    createdAt: isoDateTime,
    postId: z.number().int(),
    parentId: z.number().int().nullable(),
    author: userSummarySchema,
    post: postRefSchema,
    replyTo: z.string().nullable().meta({ description: "username of the comment this one answers (null: a reply to the post)" }),
  })
  .meta({ id: "UserReply" });

/** One line of a member's recent activity: a post, a reply or a reaction they gave. */
export const userActivitySchema = z
  .object({
    kind: z.enum(["post", "reply", "reaction"]),
    createdAt: isoDateTime,
    post: postRefSchema,
    commentId: z.number().int().nullable(),
    reactionType: z.enum(REACTION_TYPES).nullable(),
    excerpt: z.string().meta({ description: "plain text, at most 160 characters" }),
  })
  .meta({ id: "UserActivity" });

export type UserListQuery = z.infer<typeof userListQuerySchema>;
export type UpdateMeInput = z.infer<typeof updateMeSchema>;
export type UserReplyDto = z.infer<typeof userReplySchema>;
export type UserActivityDto = z.infer<typeof userActivitySchema>;

export const avatarResultSchema = z
  .object({ url: z.string().meta({ description: "the new avatar (site-relative for local storage)" }), user: meSchema })
  .meta({ id: "AvatarResult" });

/**
 * GET /api/users/me/page-state: what a members' shared page fills in for the member in the browser
 * (lib/front/page-cache.ts). `postIds` repeats (`?postIds=1&postIds=2`); `visit=1` counts as a visit
 * (moves the "new since your last visit" mark) before the marks are read, as a rendered list does.
 * `postId`: the post of a shared post page; with `view=1` the member's view of it is counted and it is
 * marked read, as a rendered post page does.
 */
export const zeroOrOne = z
  .enum(["0", "1"], { error: "must be 0 or 1" })
  .default("0")
  .transform((v) => v === "1");
export const pageStateQuerySchema = z.object({
  postIds: idList.default([]),
  postId: idString.optional(),
  visit: zeroOrOne,
  view: zeroOrOne,
  muted: zeroOrOne,
  upTo: upToString.optional().meta({
    description: "with `view`: read up to this comment (the newest the shared page showed; 0 for none), so one posted meanwhile stays new",
  }),
});
export const PAGE_STATE_ARRAY_KEYS = ["postIds"] as const;

export const pageStateSchema = z
  .object({
    me: z.object({
      id: z.number().int(),
      username: z.string(),
      avatar: z.string(),
      point: z.number().int(),
      unverifiedEmail: z.string().nullable().meta({ description: "the address while it is unconfirmed, else null" }),
      suspension: z
        .object({ until: z.string().meta({ description: "ISO time the suspension ends" }), reason: z.string().nullable() })
        .nullable()
        .meta({ description: "while an admin's suspension runs (the member can read, every write answers 403 `suspended`), else null" }),
      review: z.number().int().nullable().optional().meta({
        description: "a member of a group moderating categories: what waits in their review queue (/review); null otherwise",
      }),
    }),
    unreadNotifications: z.number().int(),
    unreadMessages: z.number().int().meta({ description: "unread direct messages (as GET /api/messages/unread-count), for the header" }),
    marks: z.array(z.object({ postId: z.number().int(), newComments: z.number().int(), isNew: z.boolean() })).meta({
      description: "posts among postIds (that the member may see) with comments since they last read them, or new since their last visit",
    }),
    muted: z.array(z.number().int()).optional().meta({
      description: "with muted=1: the posts among postIds in a category or tag the member muted (their home list hides them)",
    }),
    post: z
      .object({
        id: z.number().int(),
        subscribed: z.boolean(),
        myVotes: z.array(z.string()).meta({ description: "the member's poll choices (empty: not voted, or no poll)" }),
        firstUnreadCommentId: z
          .number()
          .int()
          .nullable()
          .meta({ description: "the first comment by others since they last read the post (before this visit)" }),
      })
      .nullable()
      .optional()
      .meta({ description: "with postId: the member's part of that post's page; null when they may not see it" }),
  })
  .meta({ id: "PageState" });
export type PageStateDto = z.infer<typeof pageStateSchema>;
