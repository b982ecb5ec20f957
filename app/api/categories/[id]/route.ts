// GET /api/categories/{id} (public), PUT and DELETE /api/categories/{id} (admin).
import { parseId, readJson } from "@/lib/api/body";
import { noContent, route } from "@/lib/api/route";
import { deleteCategory, getCategory, updateCategory } from "@/lib/services/categories";
import { updateCategorySchema } from "@/lib/validation/taxonomy";

type Params = { id: string };

export const GET = route<Params>(({ params }) => getCategory(parseId(params.id)));

export const PUT = route<Params>(async ({ req, params, viewer }) => {
  const id = parseId(params.id);
  const input = await readJson(req, updateCategorySchema);
  return updateCategory({ viewer, id, input });
}, { auth: "required" });

export const DELETE = route<Params>(async ({ params, viewer }) => {
  await deleteCategory({ viewer, id: parseId(params.id) });
  return noContent();
}, { auth: "required" });
