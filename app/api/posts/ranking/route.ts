// GET /api/posts/ranking: the list's filters and paging, pinned first then most viewed (OpenIsle's 排行榜 tab).
import { okList, route } from "@/lib/api/route";
import { listPostIds } from "@/lib/services/posts/list";
import { LIST_ARRAY_KEYS, listPostsQuerySchema } from "@/lib/validation/posts";
import { postSchema } from "@/lib/validation/responses";

export const GET = route(
  {
    tag: "Posts",
    summary: "Posts by views",
    description: "As GET /api/posts, ordered pinned first, then by views (most first), then newest.",
    auth: "optional",
    cache: "post-list",
    query: listPostsQuerySchema,
    arrayParams: LIST_ARRAY_KEYS,
    responses: [okList(postSchema)],
  },
  ({ viewer, query }) => ({ ids: (readFrom) => listPostIds(viewer, { ...query, order: "views", readFrom }) }),
);
