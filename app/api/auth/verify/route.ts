// POST /api/auth/verify {username?, code}: confirm the account's email address with the code from the mail.
import { ok, route } from "@/lib/api/route";
import { verifyEmail } from "@/lib/services/auth/verification";
import { verifyEmailSchema, verifyResultSchema } from "@/lib/validation/mail";

export const POST = route(
  {
    tag: "Accounts",
    summary: "Confirm the email address with the code from the mail",
    description:
      "`username` names the account (as OpenIsle's sign-up page sends it); signed in, it may be left out. A wrong or expired code is a 400 on `code` (five tries per code). Until verified, a member may write UNVERIFIED_POST_ALLOWANCE posts and comments (then 403 `email_unverified`).",
    auth: "optional",
    body: verifyEmailSchema,
    bodyLimit: 4 * 1024,
    responses: [ok(verifyResultSchema)],
  },
  ({ viewer, body }) => verifyEmail(viewer, body),
);
