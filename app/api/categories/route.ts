// GET /api/categories (public), POST /api/categories (admin).
import { readJson } from "@/lib/api/body";
import { created, route } from "@/lib/api/route";
import { publicList } from "@/lib/api/list-cache";
import { createCategory, listCategories } from "@/lib/services/categories";
import { createCategorySchema } from "@/lib/validation/taxonomy";

export const dynamic = "force-dynamic";

export const GET = route(({ req, viewer }) => publicList(req, viewer, () => listCategories()));

export const POST = route(async ({ req, viewer }) => {
  const input = await readJson(req, createCategorySchema);
  return created(await createCategory({ viewer, input }));
}, { auth: "required" });
