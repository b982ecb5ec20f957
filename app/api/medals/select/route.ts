// POST /api/medals/select {type}: show one of the caller's earned medals.
import { ok, route } from "@/lib/api/route";
import { selectMedal } from "@/lib/services/users/users";
import { selectMedalSchema } from "@/lib/validation/auth";
import { meSchema } from "@/lib/validation/responses";

export const POST = route(
  {
    tag: "Accounts",
    summary: "Choose the medal to show",
    auth: "required",
    body: selectMedalSchema,
    bodyLimit: 4 * 1024,
    responses: [ok(meSchema)],
  },
  ({ viewer, body }) => selectMedal(viewer, { type: body.type }),
);
