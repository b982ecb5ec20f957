// GET/PUT /api/admin/categories/{id}/permissions: who may see, start posts and reply in a category (admin; issue 57).
import { parseId } from "@/lib/api/body";
import { ok, route } from "@/lib/api/route";
import { getCategoryPermissions, setCategoryPermissions } from "@/lib/services/groups/groups";
import { categoryPermissionsInputSchema, categoryPermissionsSchema } from "@/lib/validation/groups";

const admin = { tag: "Administration", auth: "required", role: "ADMIN" } as const;

export const GET = route(
  { ...admin, summary: "A category's permissions", responses: [ok(categoryPermissionsSchema)] },
  ({ params, viewer }) => getCategoryPermissions(viewer, { id: parseId(params.id) }),
);

export const PUT = route(
  {
    ...admin,
    summary: "Set a category's permissions",
    description:
      'Each of see, post, reply: a list of "everyone", "members", "staff", "group:<id>"; left out: unchanged; empty: the default (see everyone, post and reply members). Staff may always do everything.',
    body: categoryPermissionsInputSchema,
    responses: [ok(categoryPermissionsSchema)],
  },
  ({ params, viewer, body }) => setCategoryPermissions(viewer, { id: parseId(params.id), input: body }),
);
