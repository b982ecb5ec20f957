// GET /api/stats/dau-range?days=: members seen (daily active users) per UTC day (OpenIsle's StatController; admins).
import { okList, route } from "@/lib/api/route";
import { statsRange } from "@/lib/services/moderation/site-stats";
import { statsPointSchema, statsRangeQuerySchema } from "@/lib/validation/openisle-site";

export const GET = route(
  {
    tag: "Administration",
    summary: "Statistics: members seen (daily active users) per day",
    description: "Every day of the last `days` (default 30) up to today, oldest first, 0 where there were none.",
    auth: "required",
    role: "ADMIN",
    query: statsRangeQuerySchema,
    responses: [okList(statsPointSchema)],
  },
  ({ viewer, query }) => statsRange(viewer, "dau", query.days),
);
