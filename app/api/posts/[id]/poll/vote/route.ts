// POST /api/posts/{id}/poll/vote: body {options: ["opt a", …]} or OpenIsle's repeated ?option=<index>.
import { parseId, queryObject, readJson } from "@/lib/api/body";
import { badRequest, msg } from "@/lib/errors";
import { ok, route } from "@/lib/api/route";
import { votePoll } from "@/lib/services/posts/polls";
import { pollVoteSchema } from "@/lib/validation/economy";
import { pollSchema } from "@/lib/validation/responses";

export const POST = route(
  {
    tag: "Polls and lotteries",
    summary: "Vote on a poll (once, final)",
    description: "Body `{options}` with option strings; OpenIsle's repeated `?option=<index>` is also accepted.",
    auth: "required",
    body: pollVoteSchema,
    customBody: true,
    responses: [ok(pollSchema)],
    errors: [409],
  },
  async ({ req, params, viewer }) => {
    const postId = parseId(params.id);
    const q = queryObject(req, ["option"]).option as string[] | undefined;
    if (q && q.length) {
      const indexes = q.map((v) => {
        if (!/^\d{1,3}$/.test(v)) throw badRequest(msg("optionIndex"), "option");
        return Number(v);
      });
      return votePoll(viewer, { postId, indexes });
    }
    const body = await readJson(req, pollVoteSchema);
    return votePoll(viewer, { postId, options: body.options });
  },
);
