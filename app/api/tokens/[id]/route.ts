// DELETE /api/tokens/{id}: revoke one of the caller's tokens.
import { parseId } from "@/lib/api/body";
import { noContent, route } from "@/lib/api/route";
import { assertCanManageTokens } from "@/lib/permissions";
import { revokeToken } from "@/lib/services/users";
import { requireViewer } from "@/lib/viewer";

export const DELETE = route<{ id: string }>(async ({ params, viewer }) => {
  assertCanManageTokens(viewer);
  await revokeToken(requireViewer(viewer).id, parseId(params.id));
  return noContent();
}, { auth: "required" });
