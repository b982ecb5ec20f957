// GET/POST/DELETE /api/users/me/two-factor: two-factor sign-in (TOTP) of the caller: its state, a new secret, turning it off.
import { clientIp } from "@/lib/api/client-ip";
import { ok, route } from "@/lib/api/route";
import { disableTwoFactor, getTwoFactorStatus, startTwoFactor } from "@/lib/services/auth/two-factor";
import { twoFactorDisableSchema, twoFactorOffSchema, twoFactorSetupSchema, twoFactorStatusSchema } from "@/lib/validation/two-factor";

export const GET = route(
  {
    tag: "Accounts",
    summary: "Two-factor sign-in: is it on",
    auth: "required",
    responses: [ok(twoFactorStatusSchema)],
  },
  ({ viewer }) => getTwoFactorStatus(viewer),
);

export const POST = route(
  {
    tag: "Accounts",
    summary: "Two-factor sign-in: start the set-up",
    description:
      "A new TOTP secret for an authenticator app (`otpauthUri`, also as a QR code), not in force until `POST /api/users/me/two-factor/confirm` sends a right code; calling again replaces an unconfirmed one. 409 while two-factor sign-in is on.",
    auth: "required",
    responses: [ok(twoFactorSetupSchema)],
    errors: [409],
  },
  ({ viewer }) => startTwoFactor(viewer),
);

export const DELETE = route(
  {
    tag: "Accounts",
    summary: "Two-factor sign-in: turn it off",
    description:
      "Needs the password (400 naming `password` when wrong, counted as a sign-in attempt) and a current code or an unused recovery code (400 naming `code`); both limited like sign-ins (429). 400 naming `code` when it is not on.",
    auth: "required",
    body: twoFactorDisableSchema,
    bodyLimit: 16 * 1024,
    responses: [ok(twoFactorOffSchema)],
    errors: [429],
  },
  ({ req, viewer, body }) => disableTwoFactor(viewer, { ...body, ip: clientIp(req.headers) }),
);
