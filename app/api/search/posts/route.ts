// GET /api/search/posts?keyword=&categoryIds&tagIds&page&pageSize: search posts (titles and contents), only posts the caller may list.
import { okList, route } from "@/lib/api/route";
import { searchPosts } from "@/lib/services/search/search";
import { SEARCH_ARRAY_KEYS, searchPostSchema, searchPostsQuerySchema } from "@/lib/validation/search";

export const GET = route(
  {
    tag: "Search",
    summary: "Search posts (titles and contents)",
    description:
      "Full text (title weighs more, last word as a prefix), Chinese, Japanese and Korean words of one or more characters, a substring of one word from 3 characters, and, when nothing matches, each unknown word corrected from the forum's vocabulary. Only posts the caller may list.",
    auth: "optional",
    query: searchPostsQuerySchema,
    arrayParams: SEARCH_ARRAY_KEYS,
    responses: [okList(searchPostSchema)],
  },
  ({ viewer, query }) => searchPosts(viewer, { ...query, field: "all" }),
);
