// GET /api/categories/{id}/tags (public): the tags the category's own posts carry, most used first (issue 57).
import { parseId } from "@/lib/api/body";
import { okList, route } from "@/lib/api/route";
import { listCategoryTags } from "@/lib/services/taxonomy/tags";
import { tagSchema } from "@/lib/validation/responses";
import { categoryTagsQuerySchema } from "@/lib/validation/taxonomy";

export const GET = route(
  {
    tag: "Categories and tags",
    summary: "A category's own tags",
    description:
      "The tags carried by the category's posts (not every tag of the site), most used first; `count` is the tag's PUBLISHED, ALL-visible posts in this category. 404 when the reader may not see the category.",
    auth: "none",
    query: categoryTagsQuerySchema,
    responses: [okList(tagSchema)],
  },
  ({ params, viewer, query }) => listCategoryTags(viewer, { categoryId: parseId(params.id), limit: query.limit }),
);
