import { z } from "zod";
import { FLAG_ACTIONS, FLAG_REASONS } from "@/db/schema/enums";
import { isoDateTime } from "@/lib/validation/responses";

/** Body of POST /api/admin/posts/{id}/approve and /reject (optional): the note sent to the author. */
export const reviewPostSchema = z
  .object({ reason: z.string().trim().max(1000, "at most 1000 characters").optional() })
  .meta({ id: "ReviewPost" });
export type ReviewPostInput = z.infer<typeof reviewPostSchema>;

/** GET /api/admin/posts/pending/count. */
export const pendingCountSchema = z
  .object({
    count: z.number().int().meta({ description: "posts waiting for review (PENDING)" }),
    flagged: z.number().int().optional().meta({ description: "extra: posts and comments with open flags" }),
    total: z
      .number()
      .int()
      .optional()
      .meta({ description: "extra: everything waiting, each once (a post hidden by flags is both pending and flagged)" }),
  })
  .meta({ id: "PendingCount" });
export type PendingCountDto = z.infer<typeof pendingCountSchema>;

const intString = z
  .string()
  .regex(/^\d{1,9}$/, "must be an integer")
  .transform(Number);

/** Body of POST /api/flags: exactly one of postId / commentId. */
export const createFlagSchema = z
  .object({
    postId: z.number().int().min(1).max(2147483647).optional(),
    commentId: z.number().int().min(1).max(2147483647).optional(),
    reason: z.enum(FLAG_REASONS),
    note: z.string().trim().max(1000, "at most 1000 characters").default(""),
  })
  .refine((v) => (v.postId === undefined) !== (v.commentId === undefined), { message: "give either postId or commentId", path: ["postId"] })
  .meta({ id: "CreateFlag" });
export type CreateFlagInput = z.infer<typeof createFlagSchema>;

/** Query of GET /api/admin/flags. */
export const listFlagsQuerySchema = z.object({
  status: z.enum(["open", "resolved"]).default("open"),
  page: intString.pipe(z.number().int().min(0).max(1_000_000)).default(0),
  pageSize: intString.pipe(z.number().int().min(1).max(100)).default(20),
});

/** Body of POST /api/admin/flags/{id}/resolve. */
export const resolveFlagSchema = z.object({ action: z.enum(FLAG_ACTIONS) }).meta({ id: "ResolveFlag" });

const miniUser = z.object({ id: z.number().int(), username: z.string() });

/** A flag as its reporter sees it (POST /api/flags). */
export const flagSchema = z
  .object({
    id: z.number().int(),
    postId: z.number().int(),
    commentId: z.number().int().nullable(),
    reason: z.enum(FLAG_REASONS),
    note: z.string(),
    status: z.enum(["OPEN", "RESOLVED"]),
    action: z.enum(FLAG_ACTIONS).nullable(),
    createdAt: isoDateTime,
    resolvedAt: isoDateTime.nullable(),
    targetHidden: z.boolean().meta({ description: "the target is hidden (flags reached the site's threshold, or staff hid it)" }),
  })
  .meta({ id: "Flag" });
export type FlagDto = z.infer<typeof flagSchema>;

/** The author of flagged content, with what staff need to decide on a suspension. */
const flaggedAuthor = miniUser.extend({
  bot: z.boolean().meta({ description: "bots cannot be suspended" }),
  role: z.enum(["USER", "MODERATOR", "ADMIN"]),
  suspendedUntil: isoDateTime.nullable().meta({ description: "set while a suspension runs" }),
});

/** A flag in the staff queue (GET /api/admin/flags), with its target and reporter. */
export const adminFlagSchema = flagSchema
  .extend({
    reporter: miniUser,
    resolvedBy: miniUser.nullable(),
    post: z.object({ id: z.number().int(), title: z.string(), status: z.string(), closed: z.boolean(), author: flaggedAuthor }),
    comment: z.object({ id: z.number().int(), excerpt: z.string(), deleted: z.boolean(), author: flaggedAuthor }).nullable(),
    flagCount: z.number().int().meta({ description: "distinct members with an open flag on the same target" }),
  })
  .meta({ id: "AdminFlag" });
export type AdminFlagDto = z.infer<typeof adminFlagSchema>;

/** Answer of POST /api/admin/flags/{id}/resolve: how many open flags on that target it closed. */
export const resolvedFlagsSchema = z.object({ action: z.enum(FLAG_ACTIONS), resolved: z.number().int() }).meta({ id: "ResolvedFlags" });
