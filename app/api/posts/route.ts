// GET /api/posts (list with category/tag filters and paging), POST /api/posts (create).
import { parseQuery, readJson } from "@/lib/api/body";
import { created, route } from "@/lib/api/route";
import { postList } from "@/lib/api/list-cache";
import { createPost, listPostIds } from "@/lib/services/posts";
import { requireViewer } from "@/lib/viewer";
import { createPostSchema, LIST_ARRAY_KEYS, listPostsQuerySchema } from "@/lib/validation/posts";

export const GET = route(({ req, viewer }) => {
  const query = parseQuery(req, listPostsQuerySchema, LIST_ARRAY_KEYS);
  return postList(req, viewer, () => listPostIds(viewer, query));
});

export const POST = route(async ({ req, viewer }) => {
  const input = await readJson(req, createPostSchema);
  return created(await createPost(requireViewer(viewer), input));
}, { auth: "required" });
