// GET /api/comments/{id}/change-logs: a comment's edits, oldest first (the same change-log model as posts).
import { parseId } from "@/lib/api/body";
import { okList, route } from "@/lib/api/route";
import { listCommentChangeLogs } from "@/lib/services/comments/comments";
import { changeLogSchema } from "@/lib/validation/responses";

export const GET = route(
  { tag: "Comments", summary: "A comment's edit history", auth: "optional", responses: [okList(changeLogSchema)] },
  ({ params, viewer }) => listCommentChangeLogs(viewer, { commentId: parseId(params.id) }),
);
