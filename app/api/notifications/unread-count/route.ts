// GET /api/notifications/unread-count → {count}, without the types the caller turned off.
import { route } from "@/lib/api/route";
import { unreadCount } from "@/lib/services/notifications";
import { requireViewer } from "@/lib/viewer";

export const dynamic = "force-dynamic";

export const GET = route(({ viewer }) => unreadCount(requireViewer(viewer).id), { auth: "required" });
