// GET /api/posts/recent?minutes=N: posts created in the last N minutes (at most 500).
import { parseQuery } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { postList } from "@/lib/api/list-cache";
import { listRecentPostIds, recentWindow } from "@/lib/services/posts";
import { recentPostsQuerySchema } from "@/lib/validation/posts";

export const GET = route(({ req, viewer }) => {
  const window = recentWindow(parseQuery(req, recentPostsQuerySchema).minutes);
  return postList(req, viewer, () => listRecentPostIds(viewer, window.since), window);
});
