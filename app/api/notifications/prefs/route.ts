// GET /api/notifications/prefs → [{type, enabled}] for every type; PUT (or POST, OpenIsle's verb) updates.
import { declared, ok, route } from "@/lib/api/route";
import { getPrefs, updatePrefs } from "@/lib/services/notifications/notifications";
import { notificationPrefsSchema, updatePrefsSchema } from "@/lib/validation/notifications";

export const dynamic = "force-dynamic";

const tag = "Notifications";

export const GET = route(
  { tag, summary: "Notification preferences of every type", auth: "required", responses: [ok(notificationPrefsSchema)] },
  ({ viewer }) => getPrefs(viewer),
);

const update = { tag, auth: "required", body: updatePrefsSchema, responses: [ok(notificationPrefsSchema)] } as const;

export const PUT = route({ ...update, summary: "Turn notification types on or off" }, ({ viewer, body }) =>
  updatePrefs(viewer, { prefs: Array.isArray(body) ? body : [body] }),
);

export const POST = declared({ ...PUT.spec, summary: "Turn notification types on or off (OpenIsle's verb)" }, PUT);
