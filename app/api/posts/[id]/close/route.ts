// POST /api/posts/{id}/close: close the post (author, moderator).
import { parseId } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { setClosed } from "@/lib/services/posts";
import { requireViewer } from "@/lib/viewer";

export const POST = route<{ id: string }>(
  ({ params, viewer }) => setClosed({ id: parseId(params.id), viewer: requireViewer(viewer), on: true }),
  { auth: "required" },
);
