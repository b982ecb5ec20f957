// GET /api/stats/dau?date=: members seen on one UTC day (OpenIsle's StatController; admins).
import { ok, route } from "@/lib/api/route";
import { dailyActiveUsers } from "@/lib/services/moderation/site-stats";
import { dauQuerySchema, dauSchema } from "@/lib/validation/openisle/site";

export const GET = route(
  {
    tag: "Administration",
    summary: "Statistics: daily active users of a day",
    auth: "required",
    role: "ADMIN",
    query: dauQuerySchema,
    responses: [ok(dauSchema)],
  },
  ({ viewer, query }) => dailyActiveUsers(viewer, { date: query.date }),
);
