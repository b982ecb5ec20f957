// GET /api/categories (public, cached for anonymous callers), POST /api/categories (admin).
import { created, made, okList, route } from "@/lib/api/route";
import { createCategory, listCategories } from "@/lib/services/taxonomy/categories";
import { categoryFullSchema } from "@/lib/validation/responses";
import { createCategorySchema } from "@/lib/validation/taxonomy";

export const dynamic = "force-dynamic";

const tag = "Categories and tags";

export const GET = route(
  { tag, summary: "All categories, by post count then name", auth: "none", cache: "public-list", responses: [okList(categoryFullSchema)] },
  ({ viewer }) => listCategories(viewer),
);

export const POST = route(
  {
    tag,
    summary: "Create a category",
    auth: "required",
    role: "ADMIN",
    body: createCategorySchema,
    responses: [made(categoryFullSchema)],
    errors: [409],
  },
  async ({ viewer, body }) => created(await createCategory(viewer, body)),
);
