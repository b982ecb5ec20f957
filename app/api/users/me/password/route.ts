// POST /api/users/me/password: change the caller's password; every other sign-in of the account ends.
import { readJson } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { changePassword } from "@/lib/services/account-password";
import { changePasswordSchema } from "@/lib/validation/auth";
import { requireViewer } from "@/lib/viewer";

export const POST = route(async ({ req, viewer }) => {
  const me = requireViewer(viewer);
  const input = await readJson(req, changePasswordSchema, 16 * 1024);
  return changePassword({ ...input, userId: me.id, keep: me.session });
}, { auth: "required" });
