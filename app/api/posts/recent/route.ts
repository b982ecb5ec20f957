// GET /api/posts/recent?minutes=N: posts created in the last N minutes (at most 500).
import { okList, route } from "@/lib/api/route";
import { listRecentPostIds, recentWindow } from "@/lib/services/posts/list";
import { recentPostsQuerySchema } from "@/lib/validation/posts";
import { postSchema } from "@/lib/validation/responses";

export const GET = route(
  {
    tag: "Posts",
    summary: "Posts created in the last N minutes",
    description: "At most the 500 newest.",
    auth: "optional",
    cache: "post-list",
    query: recentPostsQuerySchema,
    responses: [okList(postSchema)],
  },
  ({ viewer, query }) => {
    const window = recentWindow(query.minutes);
    return { ids: () => listRecentPostIds(viewer, { since: window.since }), window };
  },
);
