// GET /api/posts (list with category/tag filters and paging), POST /api/posts (create).
import { created, made, okList, route } from "@/lib/api/route";
import { listPostIds } from "@/lib/services/posts/list";
import { createPost } from "@/lib/services/posts/write";
import { createPostSchema, LIST_ARRAY_KEYS, listPostsQuerySchema } from "@/lib/validation/posts";
import { postSchema } from "@/lib/validation/responses";

export const GET = route(
  {
    tag: "Posts", summary: "List posts",
    description: "PUBLISHED posts visible to the caller: pinned first, then newest. `categoryId`/`tagId` replace their lists; categories OR, tags AND.",
    auth: "optional", cache: "post-list", query: listPostsQuerySchema, arrayParams: LIST_ARRAY_KEYS, responses: [okList(postSchema)],
  },
  ({ viewer, query }) => ({ ids: () => listPostIds(viewer, query) }),
);

export const POST = route(
  { tag: "Posts", summary: "Create a post", auth: "required", body: createPostSchema, responses: [made(postSchema)], errors: [409, 429] },
  async ({ viewer, body }) => created(await createPost(viewer, body)),
);
