// GET /api/posts/featured: the list's filters and paging, featured (rssExcluded = false) posts only.
import { okList, route } from "@/lib/api/route";
import { listPostIds } from "@/lib/services/posts/list";
import { LIST_ARRAY_KEYS, listPostsQuerySchema } from "@/lib/validation/posts";
import { postSchema } from "@/lib/validation/responses";

export const GET = route(
  {
    tag: "Posts",
    summary: "Featured posts",
    auth: "optional",
    cache: "post-list",
    query: listPostsQuerySchema,
    arrayParams: LIST_ARRAY_KEYS,
    responses: [okList(postSchema)],
  },
  ({ viewer, query }) => ({ ids: (readFrom) => listPostIds(viewer, { ...query, order: "featured", readFrom }) }),
);
