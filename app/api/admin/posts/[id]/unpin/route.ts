// POST /api/admin/posts/{id}/unpin: OpenIsle's path for POST /api/posts/{id}/unpin.
import { POST as unpin } from "@/app/api/posts/[id]/unpin/route";
import { declared } from "@/lib/api/route";

export const POST = declared({ ...unpin.spec, tag: "Administration", summary: "Unpin a post (OpenIsle's path)" }, unpin);
