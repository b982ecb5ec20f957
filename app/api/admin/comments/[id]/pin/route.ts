// POST /api/admin/comments/{id}/pin: OpenIsle's admin path for POST /api/comments/{id}/pin, which its client uses when the member is an admin.
import { declared } from "@/lib/api/route";
import { POST as pinComment } from "@/app/api/comments/[id]/pin/route";

export const POST = declared(
  {
    ...pinComment.spec,
    tag: "Administration",
    summary: "Pin a comment (OpenIsle's admin path)",
    description: "The same as POST /api/comments/{id}/pin: the post's author or staff.",
  },
  pinComment,
);
