// GET /api/notifications/prefs → [{type, enabled}] for every type; PUT (or POST, OpenIsle's verb) updates.
import { readJson } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { getPrefs, updatePrefs } from "@/lib/services/notifications";
import { updatePrefsSchema } from "@/lib/validation/notifications";
import { requireViewer } from "@/lib/viewer";

export const dynamic = "force-dynamic";

export const GET = route(({ viewer }) => getPrefs(requireViewer(viewer).id), { auth: "required" });

export const PUT = route(async ({ req, viewer }) => {
  const body = await readJson(req, updatePrefsSchema);
  return updatePrefs(requireViewer(viewer).id, Array.isArray(body) ? body : [body]);
}, { auth: "required" });

export const POST = PUT;
