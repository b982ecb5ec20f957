// POST /api/flags (signed in): flag a post or a comment (once per member per target).
import { created, made, route } from "@/lib/api/route";
import { createFlag } from "@/lib/services/moderation/flags";
import { createFlagSchema, flagSchema } from "@/lib/validation/moderation";

export const POST = route(
  {
    tag: "Moderation",
    summary: "Flag a post or a comment",
    description:
      "Exactly one of `postId` / `commentId`; one flag per member per target (409 again), never one's own content (403). Open flags from the site's threshold of distinct members (default 3) hide the target until staff review it.",
    auth: "required",
    body: createFlagSchema,
    bodyLimit: 8 * 1024,
    responses: [made(flagSchema)],
    errors: [409],
  },
  async ({ viewer, body }) => created(await createFlag(viewer, body)),
);
