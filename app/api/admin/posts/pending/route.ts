// GET /api/admin/posts/pending (moderator): posts awaiting review, oldest first.
import { okList, route } from "@/lib/api/route";
import { listPendingPosts } from "@/lib/services/posts/list";
import { pendingPostsQuerySchema } from "@/lib/validation/posts";
import { postSchema } from "@/lib/validation/responses";

export const GET = route(
  {
    tag: "Administration",
    summary: "Posts waiting for review",
    auth: "required",
    role: "MODERATOR",
    query: pendingPostsQuerySchema,
    responses: [okList(postSchema)],
  },
  ({ viewer, query }) => listPendingPosts(viewer, { page: query.page, pageSize: query.pageSize }),
);
