// GET /api/posts/featured: the list's filters and paging, featured (rssExcluded = false) posts only.
import { parseQuery } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { postList } from "@/lib/api/list-cache";
import { listPostIds } from "@/lib/services/posts";
import { LIST_ARRAY_KEYS, listPostsQuerySchema } from "@/lib/validation/posts";

export const GET = route(({ req, viewer }) => {
  const query = parseQuery(req, listPostsQuerySchema, LIST_ARRAY_KEYS);
  return postList(req, viewer, () => listPostIds(viewer, query, "featured"));
});
