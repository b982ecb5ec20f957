import { z } from "zod";
import { REACTION_TYPES } from "@/db/schema/enums";
import { withinMarkdownLimits } from "@/lib/validation/markdown";

/** Body of POST /api/posts/{id}/comments and POST /api/comments/{id}/replies (stored as given). */
export const createCommentSchema = z
  .object({
    content: z
      .string()
      .min(1, "content must not be empty")
      .max(20_000, "content must be at most 20000 characters")
      .refine((s) => s.trim().length > 0, "content must not be blank")
      .superRefine(withinMarkdownLimits(20_000)),
  })
  .meta({ id: "CreateComment" });

/** Body of POST /api/posts/{id}/reactions and POST /api/comments/{id}/reactions. */
export const reactionInputSchema = z.object({ type: z.enum(REACTION_TYPES) }).meta({ id: "ReactionInput" });

/** A 0-based page and its size (1..100, default 20) in a comment list's query (ours and OpenIsle's). */
export const pageParam = z.coerce.number().int("page must be an integer").min(0, "page must be 0 or more").max(1_000_000).default(0);
export const pageSizeParam = z.coerce
  .number()
  .int("pageSize must be an integer")
  .min(1, "pageSize must be 1..100")
  .max(100, "pageSize must be 1..100")
  .default(20);

/** Query of GET /api/posts/{id}/comments: 0-based page of top-level comments. */
export const listCommentsQuerySchema = z.object({ page: pageParam, pageSize: pageSizeParam });

export const subscriptionStateSchema = z.object({ subscribed: z.boolean() }).meta({ id: "SubscriptionState" });
export const reactionTypesSchema = z.array(z.enum(REACTION_TYPES)).meta({ id: "ReactionTypes" });

export type ReactionInput = z.infer<typeof reactionInputSchema>;
