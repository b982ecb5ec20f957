// POST /api/posts/{id}/feature: feature the post (moderator).
import { parseId } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { setFeatured } from "@/lib/services/posts";
import { requireViewer } from "@/lib/viewer";

export const POST = route<{ id: string }>(
  ({ params, viewer }) => setFeatured({ id: parseId(params.id), viewer: requireViewer(viewer), on: true }),
  { auth: "required" },
);
