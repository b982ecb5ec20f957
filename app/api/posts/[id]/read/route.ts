// POST /api/posts/{id}/read: mark the post read now (e.g. after live comments were shown on an open page).
import { parseId } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { readPost } from "@/lib/services/reads";
import { requireViewer } from "@/lib/viewer";

export const POST = route<{ id: string }>(({ params, viewer }) => readPost(requireViewer(viewer), parseId(params.id)), { auth: "required" });
