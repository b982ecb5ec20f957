// GET /api/posts/recent?minutes=N: posts created in the last N minutes (at most 500).
import { parseQuery, route } from "@/lib/api/route";
import { listRecentPosts } from "@/lib/services/posts";
import { recentPostsQuerySchema } from "@/lib/validation/posts";

export const GET = route(({ req, viewer }) => listRecentPosts(viewer, parseQuery(req, recentPostsQuerySchema).minutes));
