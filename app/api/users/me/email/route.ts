// /api/users/me/email: the address in use and a change waiting for its code (GET), ask to change it (POST), drop the change (DELETE).
import { clientIp } from "@/lib/api/client-ip";
import { ok, route } from "@/lib/api/route";
import { cancelEmailChange, getEmailChange, requestEmailChange } from "@/lib/services/users/email-change";
import { changeEmailSchema, emailChangeSchema } from "@/lib/validation/account";

export const GET = route(
  { tag: "Accounts", summary: "The address and a change waiting for confirmation", auth: "required", responses: [ok(emailChangeSchema)] },
  ({ viewer }) => getEmailChange(viewer),
);

export const POST = route(
  {
    tag: "Accounts",
    summary: "Ask to change the address",
    description:
      "Checks the current `password` as a sign-in does (limited per address and per account; a wrong one is a 400 on `password` and stays counted) and mails a 6-digit code to the NEW address; nothing changes until POST /api/users/me/email/confirm gets that code. An address another account uses is a 409 on `email`. At most 5 requests an hour (429). A new request replaces the one before.",
    auth: "required",
    body: changeEmailSchema,
    bodyLimit: 16 * 1024,
    responses: [ok(emailChangeSchema)],
    errors: [409, 429],
  },
  ({ req, viewer, body }) => requestEmailChange(viewer, { ...body, ip: clientIp(req.headers) }),
);

export const DELETE = route(
  {
    tag: "Accounts",
    summary: "Drop a change waiting for confirmation",
    description: "Its code stops working; a mail not sent yet is not sent.",
    auth: "required",
    responses: [ok(emailChangeSchema)],
  },
  ({ viewer }) => cancelEmailChange(viewer),
);
