import { z } from "zod";
import { isoDateTime, userSummarySchema } from "@/lib/validation/responses";

/** Following, blocking and the message policy (OpenIsle's /api/subscriptions/users and followers/following). */

export const MESSAGE_POLICIES = ["EVERYONE", "FOLLOWING", "NOBODY"] as const;
export type MessagePolicy = (typeof MESSAGE_POLICIES)[number];

/** `page`/`pageSize` of the followers and following lists: OpenIsle answers the whole list; ours comes a page at a time. */
export const followListQuerySchema = z.object({
  page: z.coerce
    .number({ error: "page must be a number" })
    .int("page must be a whole number")
    .min(0, "page must be 0 or more")
    .max(10_000, "page must be at most 10000")
    .default(0)
    .meta({ description: "0-based" }),
  pageSize: z.coerce
    .number({ error: "pageSize must be a number" })
    .int("pageSize must be a whole number")
    .min(1, "pageSize must be 1..100")
    .max(100, "pageSize must be 1..100")
    .default(100)
    .meta({ description: "default 100, at most 100" }),
});
export type FollowListQuery = z.infer<typeof followListQuerySchema>;

/** POST/DELETE /api/subscriptions/users/{username}: OpenIsle answers 200 with no body; we add the state. */
export const followStateSchema = z
  .object({
    subscribed: z.boolean().meta({ description: "the caller now follows the member" }),
    followers: z.number().int().meta({ description: "the member's follower count" }),
  })
  .meta({ id: "FollowState" });
export type FollowStateDto = z.infer<typeof followStateSchema>;

export const blockStateSchema = z.object({ blocked: z.boolean() }).meta({ id: "BlockState" });
export type BlockStateDto = z.infer<typeof blockStateSchema>;

export const blockedMemberSchema = z.object({ user: userSummarySchema, blockedAt: isoDateTime }).meta({ id: "BlockedMember" });
export type BlockedMemberDto = z.infer<typeof blockedMemberSchema>;

export const privacySchema = z
  .object({
    messagePolicy: z
      .enum(MESSAGE_POLICIES)
      .meta({ description: "who may send the member direct messages: everyone, only members they follow, or nobody" }),
  })
  .meta({ id: "Privacy" });
export type PrivacyDto = z.infer<typeof privacySchema>;
export const updatePrivacySchema = privacySchema.meta({ id: "UpdatePrivacyInput" });

/** GET /api/users/{identifier}/relation: the caller and this member. */
export const relationSchema = z
  .object({
    userId: z.number().int(),
    signedIn: z.boolean(),
    self: z.boolean().meta({ description: "the caller is this member" }),
    following: z.boolean().meta({ description: "the caller follows this member" }),
    followedBy: z.boolean().meta({ description: "this member follows the caller" }),
    blocked: z.boolean().meta({ description: "the caller has blocked this member" }),
    mayMessage: z
      .boolean()
      .meta({ description: "this member's own rules let the caller message them (no block either way; their message policy)" }),
    messageRefusal: z.string().nullable().meta({
      description:
        "extra: why the caller may not message this member now, in the caller's language (every rule of POST /api/messages: blocks, the level rule for starting a conversation, their policy); null when they may, or when signed out or oneself",
    }),
  })
  .meta({ id: "Relation" });
export type RelationDto = z.infer<typeof relationSchema>;

/** GET /api/posts/following: a page of the newest posts by members the caller follows. */
export const followingPostsQuerySchema = z.object({
  page: z.coerce.number({ error: "page must be a number" }).int().min(0).max(10_000).default(0),
  pageSize: z.coerce
    .number({ error: "pageSize must be a number" })
    .int()
    .min(1, "pageSize must be 1..50")
    .max(50, "pageSize must be 1..50")
    .default(20),
});
export type FollowingPostsQuery = z.infer<typeof followingPostsQuerySchema>;
