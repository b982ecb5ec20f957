// GET /api/sessions: the caller's active sign-ins (browser sessions and login tokens).
import { route } from "@/lib/api/route";
import { listSignIns } from "@/lib/services/sessions";
import { requireViewer } from "@/lib/viewer";

export const GET = route(async ({ viewer }) => {
  const me = requireViewer(viewer);
  return listSignIns(me.id, me.session);
}, { auth: "required" });
