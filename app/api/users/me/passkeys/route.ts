// GET/POST /api/users/me/passkeys: the caller's passkeys (WebAuthn), and adding one.
import { created, made, okList, route } from "@/lib/api/route";
import { listPasskeys, registerPasskey } from "@/lib/services/auth/passkeys";
import { passkeyRegisterSchema, passkeySchema } from "@/lib/validation/passkeys";

export const GET = route(
  {
    tag: "Accounts",
    summary: "Passkeys: the caller's list",
    auth: "required",
    responses: [okList(passkeySchema)],
  },
  ({ viewer }) => listPasskeys(viewer),
);

export const POST = route(
  {
    tag: "Accounts",
    summary: "Passkeys: add one",
    description:
      "The browser's answer (`startRegistration()` of @simplewebauthn/browser) to the options of `POST /api/users/me/passkeys/options`, with a name. Each challenge works once, for its member, within 5 minutes; the answer must come from this site's origin (PUBLIC_URL) with user verification. 400 naming `response` otherwise; 409 for a passkey added already or past 20.",
    auth: "required",
    body: passkeyRegisterSchema,
    bodyLimit: 64 * 1024,
    responses: [made(passkeySchema)],
    errors: [409],
  },
  async ({ viewer, body }) => created(await registerPasskey(viewer, body)),
);
