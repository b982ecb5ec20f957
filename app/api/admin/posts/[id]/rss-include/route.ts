// POST /api/admin/posts/{id}/rss-include: OpenIsle's path for POST /api/posts/{id}/feature.
import { POST as feature } from "@/app/api/posts/[id]/feature/route";
import { declared } from "@/lib/api/route";

export const POST = declared({ ...feature.spec, tag: "Administration", summary: "Feature a post (OpenIsle's path)" }, feature);
