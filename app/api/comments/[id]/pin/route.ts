// POST /api/comments/{id}/pin (the post's author or a moderator)
import { parseId } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { setCommentPinned } from "@/lib/services/comments";
import { requireViewer } from "@/lib/viewer";

export const POST = route<{ id: string }>(
  async ({ params, viewer }) => setCommentPinned(requireViewer(viewer), parseId(params.id), true),
  { auth: "required" },
);
