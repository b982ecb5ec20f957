// POST /api/posts/{id}/poll/vote: body {options: ["opt a", …]} or OpenIsle's repeated ?option=<index>.
import { parseId, queryObject, readJson } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { badRequest } from "@/lib/api/errors";
import { votePoll } from "@/lib/services/polls";
import { pollVoteSchema } from "@/lib/validation/economy";
import { requireViewer } from "@/lib/viewer";

export const POST = route<{ id: string }>(
  async ({ req, params, viewer }) => {
    const postId = parseId(params.id);
    const q = queryObject(req, ["option"]).option as string[] | undefined;
    if (q && q.length) {
      const indexes = q.map((v) => {
        if (!/^\d{1,3}$/.test(v)) throw badRequest("option must be an option index", "option");
        return Number(v);
      });
      return votePoll({ postId, viewer: requireViewer(viewer), indexes });
    }
    const body = await readJson(req, pollVoteSchema);
    return votePoll({ postId, viewer: requireViewer(viewer), options: body.options });
  },
  { auth: "required" },
);
