// GET /api/posts/following?page&pageSize: the newest posts of the members the caller follows (the home page's Following tab).
import { okList, route } from "@/lib/api/route";
import { listFollowingPosts } from "@/lib/services/social/following-feed";
import { postSchema } from "@/lib/validation/responses";
import { followingPostsQuerySchema } from "@/lib/validation/social";

export const GET = route(
  {
    tag: "Posts",
    summary: "Posts by members I follow",
    description: "Published posts the caller may see, newest first, by members the caller follows (none by members they blocked).",
    auth: "required",
    query: followingPostsQuerySchema,
    responses: [okList(postSchema)],
  },
  async ({ viewer, query }) => (await listFollowingPosts(viewer, query)).posts,
);
