// GET /api/posts/latest-reply: the list's filters and paging, pinned first then newest reply first.
import { okList, route } from "@/lib/api/route";
import { listPostIds } from "@/lib/services/posts/list";
import { LIST_ARRAY_KEYS, listPostsQuerySchema } from "@/lib/validation/posts";
import { postSchema } from "@/lib/validation/responses";

export const GET = route(
  {
    tag: "Posts",
    summary: "Posts by latest reply",
    auth: "optional",
    cache: "post-list",
    query: listPostsQuerySchema,
    arrayParams: LIST_ARRAY_KEYS,
    responses: [okList(postSchema)],
  },
  ({ viewer, query }) => ({ ids: (readFrom) => listPostIds(viewer, { ...query, order: "latestReply", readFrom }) }),
);
