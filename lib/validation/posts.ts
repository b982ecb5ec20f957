import { z } from "zod";
import { POST_TYPES, VISIBLE_SCOPES } from "@/db/schema/enums";
import { lotteryInputSchema, pollInputSchema } from "@/lib/validation/economy";
import { withinMarkdownLimits } from "@/lib/validation/markdown";

const MAX_INT = 2147483647;

/** A query-string integer (400 for anything else), then range-checked. */
const intString = z
  .string()
  .regex(/^-?\d{1,15}$/, "must be an integer")
  .transform(Number);
export const idString = intString.pipe(z.number().int().min(1, "must be a positive id").max(MAX_INT, "must be a positive id"));
/** Up to 50 positive ids from repeated query keys (`?tagIds=1&tagIds=2`). */
export const idList = z.array(idString).max(50, "at most 50 ids");
/** A comment id, or 0 for none, in a query string: what a page showed, up to which it counts as read. */
export const upToString = intString.pipe(
  z.number().int().min(0, "must be a comment id, or 0 for none").max(MAX_INT, "must be a comment id, or 0 for none"),
);

/**
 * A tag id, or 0: OpenIsle's tag select offers id 0 as "无标签" (no tag), which clears the filter, so a
 * client may send `tagIds=0`; it filters nothing.
 */
const tagIdOrNone = intString.pipe(z.number().int().min(0, "must be a positive id, or 0 for no tag").max(MAX_INT, "must be a positive id"));

/** Query of GET /api/posts and the home tabs (docs/api.md §4). Array keys: categoryIds, tagIds. */
export const listPostsQuerySchema = z
  .object({
    categoryId: idString.optional(),
    categoryIds: idList.optional(),
    tagId: tagIdOrNone.optional(),
    tagIds: z.array(tagIdOrNone).max(50, "at most 50 ids").optional(),
    page: intString.pipe(z.number().int().min(0, "must be 0 or more").max(1_000_000)).default(0),
    pageSize: intString.pipe(z.number().int().min(1, "must be between 1 and 100").max(100, "must be between 1 and 100")).default(20),
  })
  .transform((q) => ({
    // A singular id replaces its list (OpenIsle's rule).
    categoryIds: q.categoryId !== undefined ? [q.categoryId] : (q.categoryIds ?? []),
    tagIds: (q.tagId !== undefined ? [q.tagId] : (q.tagIds ?? [])).filter((id) => id !== 0),
    page: q.page,
    pageSize: q.pageSize,
  }));
export const LIST_ARRAY_KEYS = ["categoryIds", "tagIds"] as const;
export type ListPostsQuery = z.output<typeof listPostsQuerySchema>;

export const recentPostsQuerySchema = z.object({
  minutes: z
    .string({ error: "minutes is required" })
    .regex(/^-?\d{1,15}$/, "must be an integer")
    .transform(Number)
    .pipe(z.number().int().min(1, "Minutes must be positive").max(525600, "at most 525600 (one year)")),
});

export const pendingPostsQuerySchema = z.object({
  page: intString.pipe(z.number().int().min(0).max(1_000_000)).default(0),
  pageSize: intString.pipe(z.number().int().min(1).max(100)).default(20),
});

const title = z
  .string()
  .min(1, "title is required")
  .max(200, "at most 200 characters")
  .refine((s) => s.trim().length > 0, "title must not be blank");
const content = z
  .string()
  .min(1, "content is required")
  .max(100_000, "at most 100000 characters")
  .refine((s) => s.trim().length > 0, "content must not be blank")
  .superRefine(withinMarkdownLimits(100_000));
const bodyId = z.number().int().min(1).max(MAX_INT);
const tagIds = z
  .array(bodyId)
  .max(5, "at most 5 tags")
  .refine((a) => new Set(a).size === a.length, "tags must be distinct");
/**
 * Tags that may not exist yet, by name: created with the post, so a draft that is never
 * published leaves no tag behind; an existing tag of that name is reused.
 */
const newTags = z
  .array(z.string().trim().min(1, "a tag name must not be empty").max(64, "a tag name is at most 64 characters"))
  .max(5, "at most 5 tags")
  .optional()
  .meta({
    description:
      "extra: names of tags to create with the post (or reuse, any case); counted with tagIds: at most 5 in all, and at least the site's minPostTags",
  });

/**
 * tagIds and newTags together: at most 5 distinct tags. The least a post needs is the admin's setting
 * (site settings minPostTags, default 0), checked by the post service, which reads it.
 */
function checkTagCount(v: { tagIds?: number[]; newTags?: string[] }, ctx: z.RefinementCtx) {
  const n = (v.tagIds?.length ?? 0) + new Set((v.newTags ?? []).map((t) => t.toLowerCase())).size;
  if (n > 5) ctx.addIssue({ code: "custom", path: ["tagIds"], message: "at most 5 tags" });
}

export const createPostSchema = z
  .object({
    title,
    content,
    categoryId: bodyId,
    tagIds: tagIds.default([]).meta({
      description: "0 to 5 tag ids; the site's minPostTags (GET /api/admin/config, default 0: tags optional) is the least a post needs",
    }),
    newTags,
    type: z.enum(POST_TYPES).default("NORMAL"),
    visibleScope: z.enum(VISIBLE_SCOPES).default("ALL"),
    poll: pollInputSchema.nullish(),
    lottery: lotteryInputSchema.nullish(),
  })
  .superRefine((v, ctx) => {
    checkTagCount(v, ctx);
    if (v.type === "POLL" && !v.poll) ctx.addIssue({ code: "custom", path: ["poll"], message: "poll is required for a POLL post" });
    if (v.type !== "POLL" && v.poll) ctx.addIssue({ code: "custom", path: ["poll"], message: "poll is only allowed on a POLL post" });
    if (v.type === "LOTTERY" && !v.lottery)
      ctx.addIssue({ code: "custom", path: ["lottery"], message: "lottery is required for a LOTTERY post" });
    if (v.type !== "LOTTERY" && v.lottery)
      ctx.addIssue({ code: "custom", path: ["lottery"], message: "lottery is only allowed on a LOTTERY post" });
  });
export type CreatePostInput = z.output<typeof createPostSchema>;

export const updatePostSchema = z
  .object({
    title: title.optional(),
    content: content.optional(),
    categoryId: bodyId.optional(),
    tagIds: tagIds.optional(),
    visibleScope: z.enum(VISIBLE_SCOPES).optional(),
    /**
     * Set when this edit restores an old version from the history page: the change log entries are
     * recorded as "restored version N" and the author is told.
     */
    restoredVersion: z
      .number({ error: "restoredVersion must be a number" })
      .int("must be a whole number")
      .min(0, "must be 0 or more")
      .optional(),
    newTags,
  })
  .superRefine((v, ctx) => {
    checkTagCount(v, ctx);
    if (v.newTags !== undefined && v.tagIds === undefined)
      ctx.addIssue({ code: "custom", path: ["tagIds"], message: "tagIds is required with newTags (the post's full tag list)" });
  });
export type UpdatePostInput = z.output<typeof updatePostSchema>;

/** POST /api/markdown/preview (the route measures the text against the markdown limits as it renders it). */
export const markdownPreviewSchema = z.object({ markdown: z.string().max(100_000, "at most 100000 characters") });

/** PUT /api/posts/{id}/slow-mode */
/** POST /api/posts/{id}/read: read up to the newest comment the page showed (0: none), so one posted meanwhile stays new. */
export const readPostSchema = z.object({
  upTo: z
    .number()
    .int("must be a whole number")
    .min(0, "must be a comment id, or 0 for none")
    .max(MAX_INT, "must be a comment id, or 0 for none")
    .optional(),
});

export const slowModeSchema = z.object({
  seconds: z
    .number({ error: "seconds must be a number" })
    .int("must be a whole number")
    .min(0, "must be 0 (off) to 86400")
    .max(86_400, "must be 0 (off) to 86400"),
});
export const slowModeResultSchema = z.object({ postId: z.number().int(), seconds: z.number().int() }).meta({ id: "SlowMode" });
