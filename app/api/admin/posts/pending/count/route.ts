// GET /api/admin/posts/pending/count (moderator): how many posts await review.
import { route } from "@/lib/api/route";
import { assertRole } from "@/lib/permissions";
import { countPendingPosts } from "@/lib/services/posts";

export const GET = route(async ({ viewer }) => {
  assertRole(viewer, "MODERATOR");
  return { count: await countPendingPosts() };
}, { auth: "required" });
