// POST /api/comments/{id}/replies: a reply at any depth
import { parseId, readJson } from "@/lib/api/body";
import { created, route } from "@/lib/api/route";
import { createComment } from "@/lib/services/comments";
import { createCommentSchema } from "@/lib/validation/comments";
import { requireViewer } from "@/lib/viewer";

export const POST = route<{ id: string }>(
  async ({ req, params, viewer }) => {
    const parentId = parseId(params.id);
    const { content } = await readJson(req, createCommentSchema);
    return created(await createComment(requireViewer(viewer), { parentId, content }));
  },
  { auth: "required" },
);
