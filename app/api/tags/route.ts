// GET /api/tags?keyword&page&pageSize (public), POST /api/tags (any signed-in user).
import { created, made, okList, route } from "@/lib/api/route";
import { createTag, listTags } from "@/lib/services/taxonomy/tags";
import { tagSchema } from "@/lib/validation/responses";
import { createTagSchema, tagListQuerySchema } from "@/lib/validation/taxonomy";

export const dynamic = "force-dynamic";

const tag = "Categories and tags";

export const GET = route(
  { tag, summary: "Tags, by post count then name", auth: "none", query: tagListQuerySchema, responses: [okList(tagSchema)] },
  ({ query, viewer }) => listTags(viewer, query),
);

export const POST = route(
  {
    tag,
    summary: "Create a tag (any signed-in user)",
    auth: "required",
    body: createTagSchema,
    responses: [made(tagSchema)],
    errors: [409],
  },
  async ({ viewer, body }) => created(await createTag(viewer, body)),
);
