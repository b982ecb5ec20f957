// POST /api/users/me/email/confirm: the code mailed to the new address makes it the account's; the old address is told.
import { ok, route } from "@/lib/api/route";
import { confirmEmailChange } from "@/lib/services/users/email-change";
import { confirmEmailSchema } from "@/lib/validation/account";
import { meSchema } from "@/lib/validation/responses";

export const POST = route(
  {
    tag: "Accounts",
    summary: "Confirm a new address with its code",
    description:
      "A wrong or expired `code` is a 400 on `code` (each wrong try counts; five per code). On success the address is the new one (verified), other codes stop working, and a notice goes to the old address.",
    auth: "required",
    body: confirmEmailSchema,
    bodyLimit: 4 * 1024,
    responses: [ok(meSchema)],
    errors: [409],
  },
  ({ viewer, body }) => confirmEmailChange(viewer, { code: body.code }),
);
