// PUT /api/categories/order (admin): the order categories are listed in.
import { okList, route } from "@/lib/api/route";
import { reorderCategories } from "@/lib/services/taxonomy/categories";
import { categoryFullSchema } from "@/lib/validation/responses";
import { reorderCategoriesSchema } from "@/lib/validation/taxonomy";

export const PUT = route(
  {
    tag: "Categories and tags",
    summary: "Reorder the categories",
    description: "`ids` lists every category once; GET /api/categories answers in this order from then on.",
    auth: "required",
    role: "ADMIN",
    body: reorderCategoriesSchema,
    responses: [okList(categoryFullSchema)],
  },
  ({ viewer, body }) => reorderCategories(viewer, { ids: body.ids }),
);
