// GET /api/posts (list with category/tag filters and paging), POST /api/posts (create).
import { created, made, okList, route } from "@/lib/api/route";
import { listPostIds } from "@/lib/services/posts/list";
import { createPost } from "@/lib/services/posts/write";
import { readPostBody } from "@/lib/api/openisle-body";
import { createPostRequestSchema } from "@/lib/validation/openisle/compat";
import { LIST_ARRAY_KEYS, listPostsQuerySchema } from "@/lib/validation/posts";
import { postSchema } from "@/lib/validation/responses";

export const GET = route(
  {
    tag: "Posts",
    summary: "List posts",
    description:
      "PUBLISHED posts visible to the caller: pinned first, then newest. `categoryId`/`tagId` replace their lists; categories OR, tags AND.",
    auth: "optional",
    cache: "post-list",
    query: listPostsQuerySchema,
    arrayParams: LIST_ARRAY_KEYS,
    responses: [okList(postSchema)],
  },
  ({ viewer, query }) => ({ ids: (readFrom) => listPostIds(viewer, { ...query, readFrom }) }),
);

export const POST = route(
  {
    tag: "Posts",
    summary: "Create a post",
    description:
      "Our form nests a poll under `poll` and a lottery under `lottery`; OpenIsle's (its PostRequest) sends their fields flat " +
      "(`options`, `multiple`, `endTime`; `prizeDescription`, `prizeIcon`, `prizeCount`, `pointCost`, `startTime`, `endTime`) and the scope as " +
      "`postVisibleScopeType`. Both are accepted and checked by the same rules.",
    auth: "required",
    body: createPostRequestSchema,
    customBody: true,
    responses: [made(postSchema)],
    errors: [409, 429],
  },
  async ({ req, viewer }) => created(await createPost(viewer, await readPostBody(req, "create"))),
);
