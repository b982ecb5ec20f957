// GET /api/users/suggest?prefix=&postId=: members for an `@` mention, the thread's first.
import { okList, route } from "@/lib/api/route";
import { suggestUsers } from "@/lib/services/search/search";
import { userSuggestQuerySchema, userSuggestionSchema } from "@/lib/validation/search";

export const GET = route(
  {
    tag: "Users",
    summary: "Suggest members by name prefix",
    description:
      "Case-insensitive prefix match on the username. With `postId` (a post the caller may see), its author and commenters come first (`inThread`). At most `limit` (default 8, at most 20).",
    auth: "optional",
    query: userSuggestQuerySchema,
    responses: [okList(userSuggestionSchema)],
  },
  ({ query, viewer }) => suggestUsers(viewer, query),
);
