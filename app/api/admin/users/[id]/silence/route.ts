// POST/DELETE /api/admin/users/{id}/silence (staff): read-only until lifted (docs/spam.md).
import { parseId } from "@/lib/api/body";
import { ok, route } from "@/lib/api/route";
import { silenceUser, unsilenceUser } from "@/lib/services/spam/silence";
import { silenceUserSchema, userSpamSchema } from "@/lib/validation/spam";

const staff = { tag: "Administration", auth: "required", role: "MODERATOR" } as const;

export const POST = route(
  {
    ...staff,
    summary: "Silence a member",
    description: "The member can read but not write (every write answers 403 `suspended` with `silenced: true`) until staff lift it.",
    body: silenceUserSchema,
    responses: [ok(userSpamSchema)],
  },
  ({ viewer, params, body }) => silenceUser(viewer, { userId: parseId(params.id), reason: body.reason }),
);

export const DELETE = route({ ...staff, summary: "Lift a silence", responses: [ok(userSpamSchema)] }, ({ viewer, params }) =>
  unsilenceUser(viewer, { userId: parseId(params.id) }),
);
