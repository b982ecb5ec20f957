// POST /api/notifications/read {ids} → {updated}; only the caller's own notifications change.
import { readJson } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { markRead } from "@/lib/services/notifications";
import { markReadSchema } from "@/lib/validation/notifications";
import { requireViewer } from "@/lib/viewer";

export const POST = route(async ({ req, viewer }) => {
  const { ids } = await readJson(req, markReadSchema);
  return markRead(requireViewer(viewer).id, ids);
}, { auth: "required" });
