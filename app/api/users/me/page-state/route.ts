// GET /api/users/me/page-state: the member's part of a shared page (header, unread marks, their part of a post).
import { ok, route } from "@/lib/api/route";
import { getPageState } from "@/lib/services/users/page-state";
import { PAGE_STATE_ARRAY_KEYS, pageStateQuerySchema, pageStateSchema } from "@/lib/validation/users";

export const GET = route(
  {
    tag: "Accounts",
    summary: "The member's part of a shared page",
    description:
      "Signed-in members are served the list, post and profile pages every member shares from the page cache; the browser then asks for what is theirs: name, avatar, points, unread notifications, and the unread marks of the listed posts they may see (`postIds`, repeated, at most 50). `visit=1` counts as a visit first (the \"new since your last visit\" mark), as a rendered list does. `postId`: the post of a shared post page; the answer's `post` holds the member's subscription, poll votes and first unread comment (null when they may not see the post), and with `view=1` their view is counted and the post marked read, as a rendered post page does.",
    auth: "required",
    query: pageStateQuerySchema,
    arrayParams: PAGE_STATE_ARRAY_KEYS,
    responses: [ok(pageStateSchema)],
  },
  ({ viewer, query }) => getPageState(viewer, query),
);
