// DELETE /api/sessions/{id}: end one of the caller's browser sessions (login tokens: DELETE /api/tokens/{id}).
import { parseId } from "@/lib/api/body";
import { empty, noContent, route } from "@/lib/api/route";
import { revokeBrowserSession } from "@/lib/services/auth/sessions";

export const DELETE = route(
  { tag: "Accounts", summary: "End one browser session (login tokens: DELETE /api/tokens/{id})", auth: "required", responses: [empty()] },
  async ({ params, viewer }) => {
    await revokeBrowserSession(viewer, { sessionId: parseId(params.id) });
    return noContent();
  },
);
