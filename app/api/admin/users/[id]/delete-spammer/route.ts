// POST /api/admin/users/{id}/delete-spammer (staff): one-click cleanup of a new member (docs/spam.md).
import { parseId } from "@/lib/api/body";
import { ok, route } from "@/lib/api/route";
import { deleteSpammer } from "@/lib/services/spam/silence";
import { deleteSpammerResultSchema } from "@/lib/validation/spam";

export const POST = route(
  {
    tag: "Administration",
    summary: "Delete a spammer",
    description:
      "New members only (level 0, not staff or bots; else 403): deletes their posts, comments and direct messages, blocks their email domain (not a common mail provider) and sign-up address, silences the account and ends its sign-ins. One audit line.",
    auth: "required",
    role: "MODERATOR",
    responses: [ok(deleteSpammerResultSchema)],
  },
  ({ viewer, params }) => deleteSpammer(viewer, { userId: parseId(params.id) }),
);
