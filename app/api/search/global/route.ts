// GET /api/search/global?keyword=: typed hits (post, comment, user, category, tag) with highlights.
import { parseQuery } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { searchGlobal } from "@/lib/services/search";
import { searchQuerySchema } from "@/lib/validation/search";

export const GET = route(({ req, viewer }) => searchGlobal(viewer, parseQuery(req, searchQuerySchema).keyword));
