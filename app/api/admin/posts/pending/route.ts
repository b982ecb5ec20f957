// GET /api/admin/posts/pending (moderator): posts awaiting review, oldest first.
import { parseQuery } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { assertRole } from "@/lib/permissions";
import { listPendingPosts } from "@/lib/services/posts";
import { requireViewer } from "@/lib/viewer";
import { pendingPostsQuerySchema } from "@/lib/validation/posts";

export const GET = route(({ req, viewer }) => {
  assertRole(viewer, "MODERATOR");
  const q = parseQuery(req, pendingPostsQuerySchema);
  return listPendingPosts(requireViewer(viewer), q.page, q.pageSize);
}, { auth: "required" });
