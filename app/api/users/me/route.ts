// GET /api/users/me: the signed-in user's account.
import { route } from "@/lib/api/route";
import { getMe } from "@/lib/services/users";
import { requireViewer } from "@/lib/viewer";

export const GET = route(async ({ viewer }) => getMe(requireViewer(viewer).id), { auth: "required" });
