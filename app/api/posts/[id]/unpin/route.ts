// POST /api/posts/{id}/unpin: unpin the post (moderator).
import { parseId } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { setPinned } from "@/lib/services/posts";
import { requireViewer } from "@/lib/viewer";

export const POST = route<{ id: string }>(
  ({ params, viewer }) => setPinned({ id: parseId(params.id), viewer: requireViewer(viewer), on: false }),
  { auth: "required" },
);
