// GET /api/users/me: the signed-in user's account. PUT: change introduction, displayed medal or username.
import { ok, route } from "@/lib/api/route";
import { updateMe } from "@/lib/services/users/profiles";
import { getMe } from "@/lib/services/users/users";
import { meSchema } from "@/lib/validation/responses";
import { updateMeSchema } from "@/lib/validation/users";

export const GET = route({ tag: "Accounts", summary: "The signed-in user", auth: "required", responses: [ok(meSchema)] }, ({ viewer }) =>
  getMe(viewer.id),
);

export const PUT = route(
  {
    tag: "Accounts",
    summary: "Change introduction, displayed medal or username",
    description:
      "Every field optional. `displayMedal` must be an earned medal (400) or null for the best earned one; a `username` someone else holds (case-insensitively) is a 409 on `username`.",
    auth: "required",
    body: updateMeSchema,
    bodyLimit: 64 * 1024,
    responses: [ok(meSchema)],
    errors: [409],
  },
  ({ viewer, body }) => updateMe(viewer.id, body),
);
