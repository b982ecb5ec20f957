// POST /api/notifications/unsubscribe?u=&t= : RFC 8058 one-click unsubscribe from the List-Unsubscribe header (no sign-in).
import { parseQuery } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { unsubscribe } from "@/lib/services/email-prefs";
import { unsubscribeQuerySchema } from "@/lib/validation/mail";

export const POST = route(async ({ req }) => {
  const q = parseQuery(req, unsubscribeQuerySchema);
  return unsubscribe(q.u, q.t);
});
