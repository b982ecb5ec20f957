// GET /api/categories/{id} (public), PUT and DELETE /api/categories/{id} (admin).
import { parseId } from "@/lib/api/body";
import { empty, noContent, ok, route } from "@/lib/api/route";
import { deleteCategory, getCategory, updateCategory } from "@/lib/services/taxonomy/categories";
import { categorySchema } from "@/lib/validation/responses";
import { deleteCategoryQuerySchema, updateCategorySchema } from "@/lib/validation/taxonomy";

const tag = "Categories and tags";

export const GET = route({ tag, summary: "A category", auth: "none", responses: [ok(categorySchema)] }, ({ params }) =>
  getCategory(parseId(params.id)),
);

export const PUT = route(
  {
    tag,
    summary: "Edit a category",
    auth: "required",
    role: "ADMIN",
    body: updateCategorySchema,
    responses: [ok(categorySchema)],
    errors: [409],
  },
  ({ params, viewer, body }) => updateCategory(viewer, { id: parseId(params.id), input: body }),
);

export const DELETE = route(
  {
    tag,
    summary: "Delete a category",
    description:
      "409 while posts still use it, unless `moveTo` names another category: its posts move there first, in the same transaction.",
    auth: "required",
    role: "ADMIN",
    query: deleteCategoryQuerySchema,
    responses: [empty()],
    errors: [409],
  },
  async ({ params, viewer, query }) => {
    await deleteCategory(viewer, { id: parseId(params.id), moveTo: query.moveTo });
    return noContent();
  },
);
