// POST /api/posts/read-all: "mark all read" (no post counts as new or unread up to now).
import { route } from "@/lib/api/route";
import { markAllRead } from "@/lib/services/reads";
import { requireViewer } from "@/lib/viewer";

export const POST = route(({ viewer }) => markAllRead(requireViewer(viewer).id), { auth: "required" });
