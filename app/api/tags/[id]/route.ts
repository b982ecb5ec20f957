// GET /api/tags/{id} (public), PUT and DELETE /api/tags/{id} (moderator).
import { parseId } from "@/lib/api/body";
import { empty, noContent, ok, route } from "@/lib/api/route";
import { deleteTag, getTag, updateTag } from "@/lib/services/taxonomy/tags";
import { tagSchema } from "@/lib/validation/responses";
import { updateTagSchema } from "@/lib/validation/taxonomy";

const tag = "Categories and tags";

export const GET = route({ tag, summary: "A tag", auth: "none", responses: [ok(tagSchema)] }, ({ params }) => getTag(parseId(params.id)));

export const PUT = route(
  { tag, summary: "Edit a tag", auth: "required", role: "MODERATOR", body: updateTagSchema, responses: [ok(tagSchema)], errors: [409] },
  ({ params, viewer, body }) => updateTag(viewer, { id: parseId(params.id), input: body }),
);

export const DELETE = route(
  { tag, summary: "Delete a tag (removed from its posts)", auth: "required", role: "MODERATOR", responses: [empty()] },
  async ({ params, viewer }) => {
    await deleteTag(viewer, { id: parseId(params.id) });
    return noContent();
  },
);
