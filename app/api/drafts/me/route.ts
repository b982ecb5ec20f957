// GET /api/drafts/me: the caller's draft (204 when none); DELETE /api/drafts/me: discard it (OpenIsle's DraftController).
import { empty, ok, route } from "@/lib/api/route";
import { deleteMyDraft, getMyDraft } from "@/lib/services/posts/drafts";
import { draftSchema } from "@/lib/validation/openisle/site";

export const GET = route(
  { tag: "Posts", summary: "My draft", auth: "required", responses: [ok(draftSchema), empty("No draft")] },
  async ({ viewer }) => (await getMyDraft(viewer)) ?? new Response(null, { status: 204 }),
);

export const DELETE = route(
  {
    tag: "Posts",
    summary: "Discard my draft",
    auth: "required",
    responses: [{ status: 200, description: "Deleted, or there was none (no body, as in OpenIsle)" }],
  },
  async ({ viewer }) => {
    await deleteMyDraft(viewer);
    return new Response(null, { status: 200 });
  },
);
