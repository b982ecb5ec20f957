// POST /api/admin/posts/{id}/pin: OpenIsle's path for POST /api/posts/{id}/pin.
export { POST } from "@/app/api/posts/[id]/pin/route";
