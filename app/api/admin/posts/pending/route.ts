// GET /api/admin/posts/pending (staff, or a moderator of a category: its items only, issue 57): posts awaiting review, oldest first.
import { okList, route } from "@/lib/api/route";
import { listPendingPosts } from "@/lib/services/posts/list";
import { pendingPostsQuerySchema } from "@/lib/validation/posts";
import { postSchema } from "@/lib/validation/responses";

export const GET = route(
  {
    tag: "Administration",
    summary: "Posts waiting for review",
    description:
      "Staff: every pending post; a member of a group moderating a category: that category's pending posts; 403 for other members.",
    auth: "required",
    query: pendingPostsQuerySchema,
    responses: [okList(postSchema)],
  },
  ({ viewer, query }) => listPendingPosts(viewer, { page: query.page, pageSize: query.pageSize }),
);
