// GET /api/tokens (list) and POST /api/tokens (create): the caller's personal API tokens.
import { readJson } from "@/lib/api/body";
import { created, route } from "@/lib/api/route";
import { assertCanManageTokens } from "@/lib/permissions";
import { createPersonalToken, listPersonalTokens } from "@/lib/services/users";
import { createTokenSchema } from "@/lib/validation/auth";
import { requireViewer } from "@/lib/viewer";

export const GET = route(async ({ viewer }) => {
  assertCanManageTokens(viewer);
  return listPersonalTokens(requireViewer(viewer).id);
}, { auth: "required" });

export const POST = route(async ({ req, viewer }) => {
  assertCanManageTokens(viewer);
  const input = await readJson(req, createTokenSchema, 16 * 1024);
  return created(await createPersonalToken(requireViewer(viewer).id, input));
}, { auth: "required" });
