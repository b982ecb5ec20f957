// GET /api/notifications/email-prefs → {mode, awayMinutes}; PUT (or POST, OpenIsle's verb) {mode} changes it.
import { declared, ok, route } from "@/lib/api/route";
import { getEmailPrefs, updateEmailPrefs } from "@/lib/services/notifications/email-prefs";
import { emailPrefsSchema, updateEmailPrefsSchema } from "@/lib/validation/mail";

export const dynamic = "force-dynamic";

const tag = "Notifications";

export const GET = route(
  { tag, summary: "Email preference: immediate, daily or weekly digest, or off", auth: "required", responses: [ok(emailPrefsSchema)] },
  ({ viewer }) => getEmailPrefs(viewer),
);

export const PUT = route(
  {
    tag,
    summary: "Change the email preference",
    auth: "required",
    body: updateEmailPrefsSchema,
    bodyLimit: 4 * 1024,
    responses: [ok(emailPrefsSchema)],
  },
  ({ viewer, body }) => updateEmailPrefs(viewer, { mode: body.mode }),
);

export const POST = declared({ ...PUT.spec, summary: "Change the email preference (OpenIsle's verb)" }, PUT);
