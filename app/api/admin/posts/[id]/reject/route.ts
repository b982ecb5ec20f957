// POST /api/admin/posts/{id}/reject (moderator): review a pending post; POST_REVIEWED to its author with the optional reason.
import { parseId, readJsonOptional } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { reviewPost } from "@/lib/services/posts";
import { reviewPostSchema } from "@/lib/validation/moderation";
import { requireViewer } from "@/lib/viewer";

export const POST = route<{ id: string }>(async ({ req, params, viewer }) => {
  const id = parseId(params.id);
  const input = await readJsonOptional(req, reviewPostSchema, 8 * 1024);
  return reviewPost({ id, viewer: requireViewer(viewer), approve: false, reason: input?.reason });
}, { auth: "required" });
