// POST /api/users/me/two-factor/recovery-codes: 10 new recovery codes (the old ones stop working).
import { clientIp } from "@/lib/api/client-ip";
import { ok, route } from "@/lib/api/route";
import { regenerateRecoveryCodes } from "@/lib/services/auth/two-factor";
import { recoveryCodesSchema, twoFactorCodeSchema } from "@/lib/validation/two-factor";

export const POST = route(
  {
    tag: "Accounts",
    summary: "Two-factor sign-in: new recovery codes",
    description:
      "Needs a current code (or an unused recovery code): 400 naming `code` when wrong, limited like sign-ins (429). Every earlier recovery code stops working.",
    auth: "required",
    body: twoFactorCodeSchema,
    bodyLimit: 4 * 1024,
    responses: [ok(recoveryCodesSchema)],
    errors: [429],
  },
  ({ req, viewer, body }) => regenerateRecoveryCodes(viewer, { code: body.code, ip: clientIp(req.headers) }),
);
