// POST /api/admin/posts/{id}/rss-include: OpenIsle's path for POST /api/posts/{id}/feature.
export { POST } from "@/app/api/posts/[id]/feature/route";
