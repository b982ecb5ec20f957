import { z } from "zod";
import { VISIBLE_SCOPES } from "@/db/schema/enums";
import { createPostSchema, updatePostSchema } from "@/lib/validation/posts";
import { changeLogSchema, commentSchema, isoDateTime } from "@/lib/validation/responses";
import { pageParam, pageSizeParam } from "@/lib/validation/comments";

/**
 * Request and response shapes that OpenIsle's clients (its Nuxt front end, its MCP server, bots) send
 * and read, beside our own (docs/openisle-compat.md has the table). Our own shapes stay as
 * they are: these are accepted or answered in addition, when the OpenIsle form is recognisable.
 */

/** GET /api/auth/check: OpenIsle's AuthController answers `{valid: true}` to a valid token. */
export const authCheckSchema = z.object({ valid: z.literal(true) }).meta({ id: "AuthCheck" });

/** OpenIsle's CommentSort. */
export const COMMENT_SORTS = ["NEWEST", "OLDEST", "MOST_INTERACTIONS"] as const;
export type CommentSort = (typeof COMMENT_SORTS)[number];

/**
 * Query of GET /api/posts/{id}/comments. Without `sort`: our page of top-level comments (docs/api.md §5).
 * With `sort` (OpenIsle's client always sends it): OpenIsle's timeline of comments and change-log
 * entries (lib/services/comments/timeline.ts).
 */
export const commentsQuerySchema = z.object({
  page: pageParam,
  pageSize: pageSizeParam,
  sort: z
    .enum(COMMENT_SORTS)
    .optional()
    .meta({ description: "OpenIsle's timeline: present → an array of TimelineItem instead of Comment" }),
});

/** One entry of OpenIsle's comment timeline (TimelineItemDto): a top-level comment or a change-log entry. */
export const timelineItemSchema = z
  .object({
    id: z.number().int().meta({ description: "the comment's or the change-log entry's id" }),
    kind: z.enum(["comment", "log"]),
    createdAt: isoDateTime.meta({ description: "the comment's createdAt, the entry's time" }),
    pinnedAt: isoDateTime.nullable().meta({ description: "pinned comments only" }),
    payload: z
      .union([commentSchema, changeLogSchema])
      .meta({ description: "a Comment (with nested replies) for kind comment, a PostChangeLog for kind log" }),
  })
  .meta({ id: "TimelineItem" });
export type TimelineItemDto = z.infer<typeof timelineItemSchema>;

/** What GET /api/posts/{id}/comments answers: Comment[] (our form) or TimelineItem[] (with `sort`). */
export const commentsAnswerSchema = z.union([z.array(commentSchema), z.array(timelineItemSchema)]).meta({ id: "CommentsOrTimeline" });

/**
 * OpenIsle's PostRequest sends a poll's and a lottery's fields flat, beside the post's, and the scope
 * as `postVisibleScopeType`. Documented here; `nestOpenIsleFields` turns them into our nested form.
 */
const flatPostFields = {
  postVisibleScopeType: z
    .string()
    .optional()
    .meta({ description: "OpenIsle's name for visibleScope (any case); visibleScope wins when both are given" }),
  options: z.array(z.string()).optional().meta({ description: "OpenIsle's flat POLL field (= poll.options)" }),
  multiple: z.boolean().optional().meta({ description: "OpenIsle's flat POLL field (= poll.multiple)" }),
  endTime: z.string().optional().meta({ description: "OpenIsle's flat POLL or LOTTERY field (= poll.endTime / lottery.endTime)" }),
  prizeDescription: z.string().optional().meta({ description: "OpenIsle's flat LOTTERY field" }),
  prizeIcon: z.string().optional().meta({ description: "OpenIsle's flat LOTTERY field" }),
  prizeCount: z.number().int().optional().meta({ description: "OpenIsle's flat LOTTERY field" }),
  pointCost: z.number().int().optional().meta({ description: "OpenIsle's flat LOTTERY field" }),
  startTime: z.string().optional().meta({ description: "OpenIsle's flat LOTTERY field" }),
};

/** POST /api/posts as documented: our nested form, or OpenIsle's flat one. */
export const createPostRequestSchema = createPostSchema.safeExtend(flatPostFields).meta({ id: "CreatePostRequest" });
/** PUT /api/posts/{id} as documented: our form plus OpenIsle's `postVisibleScopeType`. */
export const updatePostRequestSchema = updatePostSchema
  .safeExtend({ postVisibleScopeType: flatPostFields.postVisibleScopeType })
  .meta({ id: "UpdatePostRequest" });

const POLL_KEYS = ["options", "multiple", "endTime"] as const;
const LOTTERY_KEYS = ["prizeDescription", "prizeIcon", "prizeCount", "pointCost", "startTime", "endTime"] as const;
const FLAT_KEYS = new Set<string>(["postVisibleScopeType", "prizeName", ...POLL_KEYS, ...LOTTERY_KEYS]);

function pick(raw: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (raw[k] !== undefined && raw[k] !== null) out[k] = raw[k];
  return out;
}

/**
 * OpenIsle's PostRequest in our nested form: `postVisibleScopeType` → `visibleScope` (upper-cased;
 * an unknown value stays unknown and is a 400, where OpenIsle silently stores ALL); for a POLL without
 * `poll`, the flat `options/multiple/endTime` become `poll`; for a LOTTERY without `lottery`, the flat
 * prize fields become `lottery`. Our own nested form passes unchanged (it wins when both are sent).
 */
export function nestOpenIsleFields(raw: unknown, mode: "create" | "update"): unknown {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return raw;
  const src = raw as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(src)) if (!FLAT_KEYS.has(k)) out[k] = v;
  const scope = src.postVisibleScopeType;
  if ((out.visibleScope ?? null) === null && scope !== undefined && scope !== null) {
    const upper = typeof scope === "string" ? scope.trim().toUpperCase() : scope;
    out.visibleScope = typeof upper === "string" && (VISIBLE_SCOPES as readonly string[]).includes(upper) ? upper : scope;
  }
  if (mode === "update") return out;
  if (out.type === "POLL" && (out.poll === undefined || out.poll === null)) {
    const poll = pick(src, POLL_KEYS);
    if (Object.keys(poll).length) out.poll = poll;
  }
  if (out.type === "LOTTERY" && (out.lottery === undefined || out.lottery === null)) {
    const lottery = pick(src, LOTTERY_KEYS);
    if (Object.keys(lottery).length) out.lottery = lottery;
  }
  return out;
}

/** GET /api/upload/presign?filename= (OpenIsle's UploadController). */
export const presignQuerySchema = z.object({
  filename: z.string({ error: "filename is required" }).trim().min(1, "filename is required").max(255, "filename is too long"),
});

/** What GET /api/upload/presign answers: PUT the file to `uploadUrl`, then use `fileUrl`. */
export const presignAnswerSchema = z
  .object({
    uploadUrl: z
      .string()
      .url()
      .meta({ description: "PUT the file's bytes here within 15 minutes, once (no Authorization needed: the URL is signed)" }),
    fileUrl: z.string().url().meta({ description: "where the image is served once the PUT succeeded" }),
    key: z.string().meta({ description: "the upload's name in the store" }),
  })
  .meta({ id: "PresignedUpload" });

/** OpenIsle's upload answer (`POST /api/upload` as multipart, and the presigned PUT). */
export const openIsleUploadAnswerSchema = z
  .object({ code: z.literal(0), msg: z.string(), data: z.object({ url: z.string().url() }) })
  .meta({ id: "OpenIsleUpload" });
