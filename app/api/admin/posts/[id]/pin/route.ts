// POST /api/admin/posts/{id}/pin: OpenIsle's path for POST /api/posts/{id}/pin.
import { POST as pin } from "@/app/api/posts/[id]/pin/route";
import { declared } from "@/lib/api/route";

export const POST = declared({ ...pin.spec, tag: "Administration", summary: "Pin a post (OpenIsle's path)" }, pin);
