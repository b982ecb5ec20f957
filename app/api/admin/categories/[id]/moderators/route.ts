// GET/PUT /api/admin/categories/{id}/moderators: the groups whose members moderate a category (admin; issue 57).
import { parseId } from "@/lib/api/body";
import { ok, route } from "@/lib/api/route";
import { getCategoryModerators, setCategoryModerators } from "@/lib/services/groups/groups";
import { categoryModeratorsInputSchema, categoryModeratorsSchema } from "@/lib/validation/groups";

const admin = { tag: "Administration", auth: "required", role: "ADMIN" } as const;

export const GET = route(
  { ...admin, summary: "A category's moderating groups", responses: [ok(categoryModeratorsSchema)] },
  ({ params, viewer }) => getCategoryModerators(viewer, { id: parseId(params.id) }),
);

export const PUT = route(
  {
    ...admin,
    summary: "Set a category's moderating groups",
    description:
      "Members of these groups review, close, pin and move the category's posts, and only there (lib/permissions/category-moderators.ts).",
    body: categoryModeratorsInputSchema,
    responses: [ok(categoryModeratorsSchema)],
  },
  ({ params, viewer, body }) => setCategoryModerators(viewer, { id: parseId(params.id), groupIds: body.groupIds }),
);
