// POST /api/admin/flags/{id}/resolve (moderator): act on the target (DISMISS | HIDE | DELETE | CLOSE_POST), resolving all its open flags.
import { parseId, readJson } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { resolveFlag } from "@/lib/services/flags";
import { resolveFlagSchema } from "@/lib/validation/moderation";
import { requireViewer } from "@/lib/viewer";

export const POST = route<{ id: string }>(async ({ req, params, viewer }) => {
  const id = parseId(params.id);
  const { action } = await readJson(req, resolveFlagSchema, 4 * 1024);
  return resolveFlag({ id, viewer: requireViewer(viewer), action });
}, { auth: "required" });
