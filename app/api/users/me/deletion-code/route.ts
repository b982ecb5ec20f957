// POST /api/users/me/deletion-code: mail the caller a one-time code that deletes the account in place of the password.
import { route } from "@/lib/api/route";
import { requestDeleteCode } from "@/lib/services/accounts/delete-account";
import { deleteCodeSentSchema } from "@/lib/validation/accounts";

export const POST = route(
  {
    tag: "Accounts",
    summary: "Mail a code for deleting the account",
    description:
      "Queues a mail to the account's address with a 6-digit code that `DELETE /api/users/me` takes as `code` in place of `password` (for accounts made through an OpenID provider or with passkeys only, which have no password; any member may use it). The code works once, for 30 minutes, and five wrong tries end it; it is bound to the caller. 3 mails an hour (429 `rate_limited` with `Retry-After`).",
    auth: "required",
    responses: [{ status: 202, description: "Accepted: the mail is queued", schema: deleteCodeSentSchema }],
    errors: [429],
  },
  async ({ viewer }) => Response.json(await requestDeleteCode(viewer), { status: 202 }),
);
