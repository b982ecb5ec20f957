// POST /api/tags/{id}/merge (moderator): fold this tag into another.
import { parseId } from "@/lib/api/body";
import { ok, route } from "@/lib/api/route";
import { mergeTag } from "@/lib/services/taxonomy/tags";
import { tagSchema } from "@/lib/validation/responses";
import { mergeTagSchema } from "@/lib/validation/taxonomy";

export const POST = route(
  {
    tag: "Categories and tags",
    summary: "Merge a tag into another",
    description: "Every post with this tag gets `intoId` instead (once), then this tag is deleted. Answers the tag merged into.",
    auth: "required",
    role: "MODERATOR",
    body: mergeTagSchema,
    responses: [ok(tagSchema)],
  },
  ({ params, viewer, body }) => mergeTag(viewer, { id: parseId(params.id), intoId: body.intoId }),
);
