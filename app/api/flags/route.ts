// POST /api/flags (signed in): flag a post or a comment (once per member per target).
import { readJson } from "@/lib/api/body";
import { created, route } from "@/lib/api/route";
import { createFlag } from "@/lib/services/flags";
import { createFlagSchema } from "@/lib/validation/moderation";
import { requireViewer } from "@/lib/viewer";

export const POST = route(async ({ req, viewer }) => {
  const input = await readJson(req, createFlagSchema, 8 * 1024);
  return created(await createFlag(requireViewer(viewer), input));
}, { auth: "required" });
