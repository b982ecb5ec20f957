// GET /api/point-histories/trend?days=30 (1..365): the balance at the end of each day, oldest first.
import { okList, route } from "@/lib/api/route";
import { pointTrend } from "@/lib/services/points/points";
import { trendPointSchema, trendQuerySchema } from "@/lib/validation/economy";

export const GET = route(
  {
    tag: "Points",
    summary: "The caller's balance per day",
    auth: "required",
    query: trendQuerySchema,
    responses: [okList(trendPointSchema)],
  },
  ({ viewer, query }) => pointTrend(viewer, query),
);
