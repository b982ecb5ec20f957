// POST /api/posts/{id}/reactions: toggle — 200 with the Reaction when added, 204 when removed
import { parseId, readJson } from "@/lib/api/body";
import { noContent, route } from "@/lib/api/route";
import { toggleReaction } from "@/lib/services/reactions";
import { reactionInputSchema } from "@/lib/validation/comments";
import { requireViewer } from "@/lib/viewer";

export const POST = route<{ id: string }>(
  async ({ req, params, viewer }) => {
    const postId = parseId(params.id);
    const { type } = await readJson(req, reactionInputSchema);
    return (await toggleReaction(requireViewer(viewer), { kind: "post", postId }, type)) ?? noContent();
  },
  { auth: "required" },
);
