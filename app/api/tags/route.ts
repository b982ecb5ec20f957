// GET /api/tags?keyword&page&pageSize (public), POST /api/tags (any signed-in user).
import { parseQuery, readJson } from "@/lib/api/body";
import { created, route } from "@/lib/api/route";
import { createTag, listTags } from "@/lib/services/tags";
import { createTagSchema, tagListQuerySchema } from "@/lib/validation/taxonomy";

export const dynamic = "force-dynamic";

export const GET = route(({ req }) => listTags(parseQuery(req, tagListQuerySchema)));

export const POST = route(async ({ req, viewer }) => {
  const input = await readJson(req, createTagSchema);
  return created(await createTag({ viewer, input }));
}, { auth: "required" });
