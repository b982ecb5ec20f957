// GET /api/admin/users?q&role&status&sort&page&pageSize (admin): the members table with counts, filters, sort and paging.
import { ok, route } from "@/lib/api/route";
import { listUsersForAdmin } from "@/lib/services/moderation/admin-users";
import { adminUserPageSchema, adminUsersQuerySchema } from "@/lib/validation/admin-users";

export const GET = route(
  {
    tag: "Administration",
    summary: "Members, for staff",
    description:
      "Search by username or email (`q`), filter by `role` and `status` (suspended, new = joined in the last 7 days, bot), sort by a column (`-` prefix: descending), 0-based `page`. Each row carries posts, comments, flags against the member and when they were last seen.",
    auth: "required",
    role: "ADMIN",
    query: adminUsersQuerySchema,
    responses: [ok(adminUserPageSchema)],
  },
  ({ viewer, query }) => listUsersForAdmin(viewer, query),
);
