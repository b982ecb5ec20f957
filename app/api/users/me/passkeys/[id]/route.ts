// PUT/DELETE /api/users/me/passkeys/{id}: rename or remove one of the caller's passkeys.
import { parseId } from "@/lib/api/body";
import { ok, route } from "@/lib/api/route";
import { deletePasskey, renamePasskey } from "@/lib/services/auth/passkeys";
import { passkeyDeletedSchema, passkeyRenameSchema, passkeySchema } from "@/lib/validation/passkeys";

export const PUT = route(
  {
    tag: "Accounts",
    summary: "Passkeys: rename one",
    description: "404 for a passkey that is not the caller's.",
    auth: "required",
    body: passkeyRenameSchema,
    bodyLimit: 4 * 1024,
    responses: [ok(passkeySchema)],
  },
  ({ params, viewer, body }) => renamePasskey(viewer, { id: parseId(params.id), name: body.name }),
);

export const DELETE = route(
  {
    tag: "Accounts",
    summary: "Passkeys: remove one",
    description: "It signs in no more. 404 for a passkey that is not the caller's.",
    auth: "required",
    responses: [ok(passkeyDeletedSchema)],
  },
  ({ params, viewer }) => deletePasskey(viewer, { id: parseId(params.id) }),
);
