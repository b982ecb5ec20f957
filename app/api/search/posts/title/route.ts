// GET /api/search/posts/title?keyword=&categoryIds&tagIds&page&pageSize: search post titles, only posts the caller may list.
import { okList, route } from "@/lib/api/route";
import { searchPosts } from "@/lib/services/search/search";
import { SEARCH_ARRAY_KEYS, searchPostSchema, searchPostsQuerySchema } from "@/lib/validation/search";

export const GET = route(
  {
    tag: "Search",
    summary: "Search post titles",
    auth: "optional",
    query: searchPostsQuerySchema,
    arrayParams: SEARCH_ARRAY_KEYS,
    responses: [okList(searchPostSchema)],
  },
  ({ viewer, query }) => searchPosts(viewer, { ...query, field: "title" }),
);
