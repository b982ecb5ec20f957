// POST /api/admin/comments/{id}/unpin: OpenIsle's admin path for POST /api/comments/{id}/unpin, which its client uses when the member is an admin.
import { declared } from "@/lib/api/route";
import { POST as unpinComment } from "@/app/api/comments/[id]/unpin/route";

export const POST = declared(
  {
    ...unpinComment.spec,
    tag: "Administration",
    summary: "Unpin a comment (OpenIsle's admin path)",
    description: "The same as POST /api/comments/{id}/unpin: the post's author or staff.",
  },
  unpinComment,
);
