// DELETE /api/admin/watched-words/{id}: stop watching a word (admin).
import { parseId } from "@/lib/api/body";
import { empty, noContent, route } from "@/lib/api/route";
import { deleteWatchedWord } from "@/lib/services/spam/lists";

const admin = { tag: "Administration", auth: "required", role: "ADMIN" } as const;

export const DELETE = route({ ...admin, summary: "Stop watching a word", responses: [empty()] }, async ({ params, viewer }) => {
  await deleteWatchedWord(viewer, { id: parseId(params.id) });
  return noContent();
});
