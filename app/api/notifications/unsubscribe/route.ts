// POST /api/notifications/unsubscribe?u=&t= : RFC 8058 one-click unsubscribe from the List-Unsubscribe header (no sign-in).
import { ok, route } from "@/lib/api/route";
import { unsubscribe } from "@/lib/services/notifications/email-prefs";
import { emailPrefsSchema, unsubscribeQuerySchema } from "@/lib/validation/mail";

export const POST = route(
  {
    tag: "Notifications",
    summary: "One-click unsubscribe (RFC 8058)",
    description:
      "The target of every mail's `List-Unsubscribe` header: turns notification mail off for member `u`; `t` is the signed token from the mail. No sign-in needed; a body of `List-Unsubscribe=One-Click` is accepted and ignored.",
    auth: "none",
    query: unsubscribeQuerySchema,
    responses: [ok(emailPrefsSchema)],
  },
  ({ query }) => unsubscribe(query.u, query.t),
);
