// GET /api/comments/{id} (one comment with its replies) · DELETE (soft delete: author or moderator)
import { parseId } from "@/lib/api/body";
import { noContent, route } from "@/lib/api/route";
import { deleteComment, getComment } from "@/lib/services/comments";
import { requireViewer } from "@/lib/viewer";

export const GET = route<{ id: string }>(async ({ params, viewer }) => getComment(viewer, parseId(params.id)));

export const DELETE = route<{ id: string }>(
  async ({ params, viewer }) => {
    await deleteComment(requireViewer(viewer), parseId(params.id));
    return noContent();
  },
  { auth: "required" },
);
