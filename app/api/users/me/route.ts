// GET /api/users/me: the signed-in user's account. PUT: change introduction, displayed medal, username or language. DELETE: delete the account.
import { clientIp } from "@/lib/api/client-ip";
import { ok, route } from "@/lib/api/route";
import { deleteMyAccount } from "@/lib/services/accounts/delete-account";
import { deletedAccountSchema, deleteMyAccountSchema } from "@/lib/validation/accounts";
import { langCookie } from "@/lib/i18n/locale";
import { updateMe } from "@/lib/services/users/profiles";
import { getMe } from "@/lib/services/shared/me";
import { meSchema } from "@/lib/validation/responses";
import { updateMeSchema } from "@/lib/validation/users";

export const GET = route({ tag: "Accounts", summary: "The signed-in user", auth: "required", responses: [ok(meSchema)] }, ({ viewer }) =>
  getMe(viewer),
);

export const PUT = route(
  {
    tag: "Accounts",
    summary: "Change introduction, displayed medal, username or language",
    description:
      "Every field optional. `displayMedal` must be an earned medal (400) or null for the best earned one; a `username` someone else holds (case-insensitively) is a 409 on `username`. With `locale` the answer sets the `lang` cookie to it (cleared for null), so the next page renders in it.",
    auth: "required",
    body: updateMeSchema,
    bodyLimit: 64 * 1024,
    responses: [ok(meSchema)],
    errors: [409],
  },
  async ({ viewer, body }) => {
    const me = await updateMe(viewer, body);
    // The saved language becomes the page language through the cookie (the page cache keys by it).
    return body.locale === undefined ? me : Response.json(me, { headers: { "Set-Cookie": langCookie(body.locale) } });
  },
);

export const DELETE = route(
  {
    tag: "Accounts",
    summary: "Delete the account",
    description:
      'Anonymises the account at once: the name becomes `deleted-<id>`, the display name, address, avatar, introduction, password and two-factor sign-in go, every browser session and token (personal ones too) ends, earlier names stop leading to it, and its names stay unavailable to others for 30 days. `content: "remove"` deletes the member\'s posts and empties their comments; `"keep"` leaves them under the new name. Confirmed by `password`, or by `code`, a code mailed by `POST /api/users/me/deletion-code` (the way for accounts without a password: 400 naming `password` when neither is usable). Either counts as a sign-in attempt (400 naming `password` or `code` when wrong; a code that expired, was used or is another member\'s is wrong; 429 past the limit).',
    auth: "required",
    body: deleteMyAccountSchema,
    bodyLimit: 16 * 1024,
    responses: [ok(deletedAccountSchema)],
    errors: [429],
  },
  ({ req, viewer, body }) => deleteMyAccount(viewer, { ...body, ip: clientIp(req.headers) }),
);
