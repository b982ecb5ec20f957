// GET /api/tags/{id} (public), PUT and DELETE /api/tags/{id} (moderator).
import { parseId, readJson } from "@/lib/api/body";
import { noContent, route } from "@/lib/api/route";
import { deleteTag, getTag, updateTag } from "@/lib/services/tags";
import { updateTagSchema } from "@/lib/validation/taxonomy";

type Params = { id: string };

export const GET = route<Params>(({ params }) => getTag(parseId(params.id)));

export const PUT = route<Params>(async ({ req, params, viewer }) => {
  const id = parseId(params.id);
  const input = await readJson(req, updateTagSchema);
  return updateTag({ viewer, id, input });
}, { auth: "required" });

export const DELETE = route<Params>(async ({ params, viewer }) => {
  await deleteTag({ viewer, id: parseId(params.id) });
  return noContent();
}, { auth: "required" });
