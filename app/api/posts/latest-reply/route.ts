// GET /api/posts/latest-reply: the list's filters and paging, pinned first then newest reply first.
import { parseQuery } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { postList } from "@/lib/api/list-cache";
import { listPostIds } from "@/lib/services/posts";
import { LIST_ARRAY_KEYS, listPostsQuerySchema } from "@/lib/validation/posts";

export const GET = route(({ req, viewer }) => {
  const query = parseQuery(req, listPostsQuerySchema, LIST_ARRAY_KEYS);
  return postList(req, viewer, () => listPostIds(viewer, query, "latestReply"));
});
