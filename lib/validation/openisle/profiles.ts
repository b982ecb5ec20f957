import { z } from "zod";
import { MEDAL_TYPES } from "@/db/schema/enums";
import { profileSchema } from "@/lib/validation/auth";
import { categorySchema, isoDateTime, tagSchema } from "@/lib/validation/responses";

/**
 * Profiles as OpenIsle's clients read them (OpenIsle's UserController, UserMapper,
 * MedalController): the member statistics of its UserDto, the profile's sub-lists and the medal list.
 * docs/openisle-compat.md says where we differ and why.
 */

/** OpenIsle's `limit` of the profile lists; it has no bound there, here 1..100. */
export const limitQuery = (fallback: number) =>
  z.object({
    limit: z.coerce
      .number({ error: "limit must be a number" })
      .int("limit must be a whole number")
      .min(1, "limit must be 1..100")
      .max(100, "limit must be 1..100")
      .default(fallback)
      .meta({ description: `how many (default ${fallback}, at most 100)` }),
  });
export type LimitQuery = { limit: number };

/**
 * OpenIsle's UserDto statistics. Counts cover what the caller may see (docs/api.md §3): posts by their scope
 * and status, comments by the comment rule (hidden by flags: only its author and staff). `followers`,
 * `following` and `subscribed` (the caller follows this member) come from user_follows.
 */
export const userStatsFields = {
  lastPostTime: isoDateTime.nullable().meta({ description: "the newest published post the caller may see" }),
  lastCommentTime: isoDateTime.nullable().meta({ description: "the newest comment the caller may read" }),
  totalViews: z.number().int().meta({ description: "views of the member's published posts the caller may see" }),
  visitedDays: z
    .number()
    .int()
    .meta({ description: "UTC days on which the member was seen (a request signed with their token or session)" }),
  readPosts: z.number().int().meta({ description: "posts the member has opened, of those the caller may see" }),
  likesSent: z.number().int().meta({ description: "LIKE reactions the member gave, on posts and comments the caller may see" }),
  likesReceived: z.number().int().meta({ description: "LIKE reactions on the member's posts and comments the caller may see" }),
  followers: z.number().int().meta({ description: "members who follow this member" }),
  following: z.number().int().meta({ description: "members this member follows" }),
  subscribed: z.boolean().meta({ description: "the caller follows this member (false for anonymous callers and for oneself)" }),
};

/** GET /api/users/{idOrUsername}: our profile plus OpenIsle's statistics. */
export const profileDetailSchema = profileSchema.extend(userStatsFields).meta({ id: "ProfileDetail" });
export type ProfileDetailDto = z.infer<typeof profileDetailSchema>;
export type UserStatsDto = { [K in keyof typeof userStatsFields]: z.infer<(typeof userStatsFields)[K]> };

/** A member in OpenIsle's UserDto shape, without the email (GET /api/users/admins). */
export const userDetailSchema = profileSchema
  .omit({ medals: true, postCount: true, commentCount: true, reactionCount: true, featuredCount: true })
  .extend(userStatsFields)
  .meta({ id: "UserDetail" });
export type UserDetailDto = z.infer<typeof userDetailSchema>;

/** OpenIsle's PostMetaDto: a post in a profile list. */
export const postMetaSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    snippet: z.string().meta({ description: "the first 200 characters of the markdown" }),
    createdAt: isoDateTime,
    category: categorySchema,
    tags: z.array(tagSchema),
    views: z.number().int(),
    commentCount: z.number().int(),
  })
  .meta({ id: "PostMeta" });
export type PostMetaDto = z.infer<typeof postMetaSchema>;

/** OpenIsle's CommentInfoDto: a comment in a profile list, with its post and the comment it answers. */
export const commentInfoSchema = z
  .object({
    id: z.number().int(),
    content: z.string().meta({ description: "markdown" }),
    createdAt: isoDateTime,
    post: postMetaSchema,
    parentComment: z
      .object({
        id: z.number().int(),
        author: z.string().meta({ description: "username" }),
        content: z.string().meta({ description: "markdown; empty when the caller may not read it (deleted, hidden by flags)" }),
      })
      .nullable()
      .meta({ description: "null for a comment on the post itself" }),
  })
  .meta({ id: "CommentInfo" });
export type CommentInfoDto = z.infer<typeof commentInfoSchema>;

/** OpenIsle's PostReadDto: a post the member opened, and when last. */
export const postReadEntrySchema = z.object({ post: postMetaSchema, lastReadAt: isoDateTime }).meta({ id: "PostReadEntry" });
export type PostReadEntryDto = z.infer<typeof postReadEntrySchema>;

/** GET /api/medals?userId=: OpenIsle's MedalDto and its subclasses' fields, by type. */
export const medalsQuerySchema = z.object({
  userId: z.coerce.number({ error: "userId must be a number" }).int("userId must be a whole number").min(1).max(2_147_483_647).optional(),
});
export const medalSchema = z
  .object({
    icon: z.string().meta({ description: "an image URL" }),
    title: z.string(),
    description: z.string(),
    type: z.enum(MEDAL_TYPES),
    completed: z.boolean(),
    selected: z.boolean().meta({ description: "the medal shown beside the member's name" }),
    currentCommentCount: z.number().int().optional().meta({ description: "COMMENT" }),
    targetCommentCount: z.number().int().optional().meta({ description: "COMMENT" }),
    currentPostCount: z.number().int().optional().meta({ description: "POST" }),
    targetPostCount: z.number().int().optional().meta({ description: "POST" }),
    currentFeaturedCount: z.number().int().optional().meta({ description: "FEATURED" }),
    targetFeaturedCount: z.number().int().optional().meta({ description: "FEATURED" }),
    registerDate: isoDateTime.optional().meta({ description: "SEED, with userId" }),
    rank: z.number().int().optional().meta({ description: "PIONEER, with userId: the member's place in the order of joining" }),
  })
  .meta({ id: "Medal" });
export type MedalDto = z.infer<typeof medalSchema>;
