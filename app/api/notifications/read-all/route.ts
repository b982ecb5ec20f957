// POST /api/notifications/read-all → {updated}.
import { route } from "@/lib/api/route";
import { markAllRead } from "@/lib/services/notifications";
import { requireViewer } from "@/lib/viewer";

export const POST = route(({ viewer }) => markAllRead(requireViewer(viewer).id), { auth: "required" });
