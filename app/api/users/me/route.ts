// GET /api/users/me: the signed-in user's account. PUT: change introduction, displayed medal or username.
import { readJson } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { updateMe } from "@/lib/services/profiles";
import { getMe } from "@/lib/services/users";
import { updateMeSchema } from "@/lib/validation/users";
import { requireViewer } from "@/lib/viewer";

export const GET = route(async ({ viewer }) => getMe(requireViewer(viewer).id), { auth: "required" });

export const PUT = route(
  async ({ req, viewer }) => updateMe(requireViewer(viewer).id, await readJson(req, updateMeSchema, 64 * 1024)),
  { auth: "required" },
);
