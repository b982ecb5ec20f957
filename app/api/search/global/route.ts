// GET /api/search/global?keyword=: typed hits over posts, comments, users, categories and tags.
import { okList, route } from "@/lib/api/route";
import { searchGlobal } from "@/lib/services/search/search";
import { searchQuerySchema, searchResultSchema } from "@/lib/validation/search";

export const GET = route(
  {
    tag: "Search",
    summary: "Search everything",
    description: "Typed hits, each type best first: up to 8 posts, 5 comments, 5 users, 3 categories, 5 tags. Keyword 1–100 characters.",
    auth: "optional",
    query: searchQuerySchema,
    responses: [okList(searchResultSchema)],
  },
  ({ viewer, query }) => searchGlobal(viewer, { keyword: query.keyword }),
);
