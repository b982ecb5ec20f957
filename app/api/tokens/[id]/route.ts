// DELETE /api/tokens/{id}: revoke one of the caller's tokens.
import { parseId } from "@/lib/api/body";
import { empty, noContent, route } from "@/lib/api/route";
import { revokeToken } from "@/lib/services/auth/personal-tokens";

export const DELETE = route(
  { tag: "Accounts", summary: "Revoke a token", auth: "required", responses: [empty()] },
  async ({ params, viewer }) => {
    await revokeToken(viewer, { tokenId: parseId(params.id) });
    return noContent();
  },
);
