// GET /api/search/users?keyword=: users whose name contains (or nearly matches) the keyword.
import { okList, route } from "@/lib/api/route";
import { searchUsers } from "@/lib/services/search/search";
import { searchQuerySchema, searchUserSchema } from "@/lib/validation/search";

export const GET = route(
  { tag: "Search", summary: "Search users by name", auth: "optional", query: searchQuerySchema, responses: [okList(searchUserSchema)] },
  ({ query }) => searchUsers(query.keyword),
);
