// POST /api/admin/posts/{id}/rss-exclude: OpenIsle's path for POST /api/posts/{id}/unfeature.
import { POST as unfeature } from "@/app/api/posts/[id]/unfeature/route";
import { declared } from "@/lib/api/route";

export const POST = declared({ ...unfeature.spec, tag: "Administration", summary: "Unfeature a post (OpenIsle's path)" }, unfeature);
