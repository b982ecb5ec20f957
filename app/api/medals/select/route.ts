// POST /api/medals/select {type}: show one of the caller's earned medals.
import { readJson } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { selectMedal } from "@/lib/services/users";
import { selectMedalSchema } from "@/lib/validation/auth";
import { requireViewer } from "@/lib/viewer";

export const POST = route(async ({ req, viewer }) => {
  const { type } = await readJson(req, selectMedalSchema, 4 * 1024);
  return selectMedal(requireViewer(viewer).id, type);
}, { auth: "required" });
