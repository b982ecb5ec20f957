// GET /api/notifications/email-prefs → {mode, awayMinutes}; PUT (or POST, OpenIsle's verb) {mode} changes it.
import { readJson } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { getEmailPrefs, updateEmailPrefs } from "@/lib/services/email-prefs";
import { updateEmailPrefsSchema } from "@/lib/validation/mail";
import { requireViewer } from "@/lib/viewer";

export const dynamic = "force-dynamic";

export const GET = route(({ viewer }) => getEmailPrefs(requireViewer(viewer).id), { auth: "required" });

export const PUT = route(async ({ req, viewer }) => {
  const input = await readJson(req, updateEmailPrefsSchema, 4 * 1024);
  return updateEmailPrefs(requireViewer(viewer).id, input.mode);
}, { auth: "required" });

export const POST = PUT;
