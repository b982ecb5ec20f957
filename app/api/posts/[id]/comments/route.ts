// GET /api/posts/{id}/comments (paged top-level comments with nested replies; with `sort`, OpenIsle's
// timeline of comments and change-log entries) · POST (new comment)
import { parseId } from "@/lib/api/body";
import { created, made, route } from "@/lib/api/route";
import { createComment, listComments } from "@/lib/services/comments/comments";
import { listTimeline } from "@/lib/services/comments/timeline";
import { createCommentSchema } from "@/lib/validation/comments";
import { commentsAnswerSchema, commentsQuerySchema } from "@/lib/validation/openisle/compat";
import { commentSchema } from "@/lib/validation/responses";

export const GET = route(
  {
    tag: "Comments",
    summary: "Top-level comments with nested replies, or OpenIsle's timeline",
    description:
      "Without `sort`: an array of Comment, pinned first then oldest first, each with its replies (docs/api.md §5). " +
      "With `sort` (NEWEST, OLDEST, MOST_INTERACTIONS), as OpenIsle's client asks: an array of TimelineItem " +
      '`{id, kind: "comment"|"log", createdAt, pinnedAt, payload}` merging the top-level comments (payload: Comment) ' +
      "and the post's change-log entries (payload: PostChangeLog), pinned comments first, paged after the merge.",
    auth: "optional",
    query: commentsQuerySchema,
    responses: [{ status: 200, description: "Comment[] or, with sort, TimelineItem[]", schema: commentsAnswerSchema }],
  },
  ({ params, viewer, query, readFrom }) => {
    const postId = parseId(params.id);
    const { sort, page, pageSize } = query;
    return sort ? listTimeline(viewer, { postId, sort, page, pageSize }) : listComments(viewer, { postId, page, pageSize, readFrom });
  },
);

export const POST = route(
  {
    tag: "Comments",
    summary: "Comment on a post",
    auth: "required",
    body: createCommentSchema,
    responses: [made(commentSchema)],
    errors: [409, 429],
  },
  async ({ params, viewer, body }) => created(await createComment(viewer, { postId: parseId(params.id), content: body.content })),
);
