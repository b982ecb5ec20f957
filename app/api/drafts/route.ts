// POST /api/drafts {title, content, categoryId, tagIds}: save the caller's draft of a new post (OpenIsle's DraftController).
import { ok, route } from "@/lib/api/route";
import { saveMyDraft } from "@/lib/services/posts/drafts";
import { draftInputSchema, draftSchema } from "@/lib/validation/openisle/site";

export const POST = route(
  {
    tag: "Posts",
    summary: "Save my draft",
    description:
      "One draft per member: this replaces it. Publishing a post deletes it. An unknown category is a 400; unknown tags are dropped.",
    auth: "required",
    body: draftInputSchema,
    bodyLimit: 512 * 1024,
    responses: [ok(draftSchema)],
  },
  ({ viewer, body }) => saveMyDraft(viewer, body),
);
