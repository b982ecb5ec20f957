// POST /api/admin/posts/{id}/unpin: OpenIsle's path for POST /api/posts/{id}/unpin.
export { POST } from "@/app/api/posts/[id]/unpin/route";
