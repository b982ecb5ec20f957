// GET /api/search/users?keyword=: users whose name contains (or nearly matches) the keyword.
import { parseQuery } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { searchUsers } from "@/lib/services/search";
import { searchQuerySchema } from "@/lib/validation/search";

export const GET = route(({ req }) => searchUsers(parseQuery(req, searchQuerySchema).keyword));
