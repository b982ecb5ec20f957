// POST /api/admin/posts/{id}/rss-exclude: OpenIsle's path for POST /api/posts/{id}/unfeature.
export { POST } from "@/app/api/posts/[id]/unfeature/route";
