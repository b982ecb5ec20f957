// DELETE /api/sessions/{id}: end one of the caller's browser sessions (login tokens: DELETE /api/tokens/{id}).
import { parseId } from "@/lib/api/body";
import { noContent, route } from "@/lib/api/route";
import { revokeBrowserSession } from "@/lib/services/sessions";
import { requireViewer } from "@/lib/viewer";

export const DELETE = route<{ id: string }>(async ({ params, viewer }) => {
  await revokeBrowserSession(requireViewer(viewer).id, parseId(params.id));
  return noContent();
}, { auth: "required" });
