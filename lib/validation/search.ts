import { z } from "zod";
import { postSchema, userSummarySchema } from "@/lib/validation/responses";

const MAX_INT = 2147483647;
/** Longest accepted keyword, after trimming and collapsing spaces. */
export const MAX_KEYWORD = 100;

const intString = z
  .string()
  .regex(/^-?\d{1,15}$/, "must be an integer")
  .transform(Number);
const idString = intString.pipe(z.number().int().min(1, "must be a positive id").max(MAX_INT, "must be a positive id"));

/** A search keyword: trimmed, inner whitespace collapsed; empty or longer than MAX_KEYWORD is a 400. */
export const keywordSchema = z
  .string({ error: "keyword is required" })
  .transform((s) => s.replace(/\s+/g, " ").trim())
  .pipe(z.string().min(1, "keyword must not be empty").max(MAX_KEYWORD, `at most ${MAX_KEYWORD} characters`));

export const searchQuerySchema = z.object({ keyword: keywordSchema });

const date = z
  .string()
  .refine(
    (s) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s) && !Number.isNaN(Date.parse(s)),
    "must be a date (YYYY-MM-DD or ISO 8601)",
  )
  .transform((s) => new Date(s));

export const SEARCH_SORTS = ["relevance", "newest"] as const;

/** GET /api/search/posts (and /title, /content). Array key: tagIds. */
export const searchPostsQuerySchema = z.object({
  keyword: keywordSchema,
  page: intString.pipe(z.number().int().min(0, "must be 0 or more").max(10_000)).default(0),
  pageSize: intString.pipe(z.number().int().min(1, "must be between 1 and 50").max(50, "must be between 1 and 50")).default(20),
  categoryId: idString.optional(),
  tagIds: z.array(idString).max(10, "at most 10 ids").default([]),
  author: z.string().min(1).max(64).optional(),
  from: date.optional(),
  to: date.optional(),
  sort: z.enum(SEARCH_SORTS).default("relevance"),
});
export const SEARCH_ARRAY_KEYS = ["tagIds"] as const;
export type SearchPostsQuery = z.output<typeof searchPostsQuerySchema>;

export const SEARCH_RESULT_TYPES = ["post", "comment", "user", "category", "tag"] as const;
export type SearchResultType = (typeof SEARCH_RESULT_TYPES)[number];

const marked = (what: string) => z.string().meta({ description: `${what}, HTML-escaped, with the matched parts inside <mark>…</mark>` });

/** One typed hit of GET /api/search/global (OpenIsle's SearchResultDto). */
export const searchResultSchema = z
  .object({
    type: z.enum(SEARCH_RESULT_TYPES),
    id: z.number().int(),
    text: z.string(),
    subText: z.string().nullable(),
    extra: z.string().nullable(),
    postId: z.number().int().nullable(),
    highlightedText: marked("text"),
    highlightedSubText: marked("subText").nullable(),
  })
  .meta({ id: "SearchResult" });
export type SearchResultDto = z.infer<typeof searchResultSchema>;

/** A Post found by search, with its highlighted title and content snippet. */
export const searchPostSchema = postSchema
  .extend({ highlightedTitle: marked("title"), highlightedContent: marked("a snippet of the content") })
  .meta({ id: "SearchPost" });
export type SearchPostDto = z.infer<typeof searchPostSchema>;

export const searchUserSchema = userSummarySchema
  .extend({ introduction: z.string(), highlightedUsername: marked("username") })
  .meta({ id: "SearchUser" });
export type SearchUserDto = z.infer<typeof searchUserSchema>;

/** GET /api/users/suggest: `@al` in the composer. */
export const userSuggestQuerySchema = z.object({
  prefix: z.string({ error: "prefix is required" }).trim().min(1, "prefix must not be empty").max(64, "at most 64 characters"),
  postId: idString.optional(),
  limit: intString.pipe(z.number().int().min(1, "must be between 1 and 20").max(20, "must be between 1 and 20")).default(8),
});

export const userSuggestionSchema = userSummarySchema
  .extend({ inThread: z.boolean().meta({ description: "the author of the post, or wrote a comment on it (only with postId)" }) })
  .meta({ id: "UserSuggestion" });
export type UserSuggestionDto = z.infer<typeof userSuggestionSchema>;
