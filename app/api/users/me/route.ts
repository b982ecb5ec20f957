// GET /api/users/me: the signed-in user's account. PUT: change introduction, displayed medal, username or language.
import { ok, route } from "@/lib/api/route";
import { langCookie } from "@/lib/i18n/locale";
import { updateMe } from "@/lib/services/users/profiles";
import { getMe } from "@/lib/services/users/users";
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
