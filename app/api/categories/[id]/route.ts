// GET /api/categories/{id} (public; {id} may be the category's slug too), PUT and DELETE /api/categories/{id} (admin).
import { parseId } from "@/lib/api/body";
import { empty, noContent, ok, route } from "@/lib/api/route";
import { deleteCategory, getCategory, updateCategory } from "@/lib/services/taxonomy/categories";
import { categoryFullSchema } from "@/lib/validation/responses";
import { deleteCategoryQuerySchema, isCategorySlug, updateCategorySchema } from "@/lib/validation/taxonomy";

const tag = "Categories and tags";

/** An id, or else a slug (never digits alone); anything else finds nothing. */
function categoryKey(raw: string | undefined): { id: number } | { slug: string } {
  if (raw !== undefined && isCategorySlug(raw)) return { slug: raw };
  return { id: parseId(raw) };
}

export const GET = route(
  {
    tag,
    summary: "A category",
    description: "`{id}` is the category's id or its slug (issue 57).",
    auth: "none",
    responses: [ok(categoryFullSchema)],
  },
  ({ params, viewer }) => getCategory(viewer, categoryKey(params.id)),
);

export const PUT = route(
  {
    tag,
    summary: "Edit a category",
    auth: "required",
    role: "ADMIN",
    body: updateCategorySchema,
    responses: [ok(categoryFullSchema)],
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
