// GET /api/admin/posts/pending/count (moderator): how many posts await review.
import { ok, route } from "@/lib/api/route";
import { countPendingPosts } from "@/lib/services/posts/list";
import { pendingCountSchema } from "@/lib/validation/moderation";

export const GET = route(
  {
    tag: "Administration",
    summary: "How many posts wait for review",
    auth: "required",
    role: "MODERATOR",
    responses: [ok(pendingCountSchema)],
  },
  async ({ viewer }) => ({ count: await countPendingPosts(viewer) }),
);
