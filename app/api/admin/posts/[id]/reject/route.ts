// POST /api/admin/posts/{id}/reject (moderator): review a pending post; POST_REVIEWED to its author.
import { parseId, route } from "@/lib/api/route";
import { reviewPost } from "@/lib/services/posts";
import { requireViewer } from "@/lib/viewer";

export const POST = route<{ id: string }>(
  ({ params, viewer }) => reviewPost({ id: parseId(params.id), viewer: requireViewer(viewer), approve: false }),
  { auth: "required" },
);
