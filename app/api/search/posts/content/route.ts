// GET /api/search/posts/content?keyword=: Post objects matching in their contents, paged and filtered, with highlights.
import { parseQuery } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { searchPosts } from "@/lib/services/search";
import { SEARCH_ARRAY_KEYS, searchPostsQuerySchema } from "@/lib/validation/search";

export const GET = route(({ req, viewer }) => searchPosts(viewer, parseQuery(req, searchPostsQuerySchema, SEARCH_ARRAY_KEYS), "content"));
