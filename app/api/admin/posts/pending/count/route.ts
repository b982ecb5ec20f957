// GET /api/admin/posts/pending/count (staff, or a moderator of a category: its items only, issue 57): how many posts await review, and everything in the queue.
import { ok, route } from "@/lib/api/route";
import { reviewQueueCounts } from "@/lib/services/moderation/moderation";
import { pendingCountSchema } from "@/lib/validation/moderation";

export const GET = route(
  {
    tag: "Administration",
    summary: "How many posts wait for review",
    auth: "required",
    responses: [ok(pendingCountSchema)],
  },
  async ({ viewer }) => {
    const { posts, flagged, total } = await reviewQueueCounts(viewer);
    return { count: posts, flagged, total };
  },
);
