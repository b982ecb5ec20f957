// GET /api/point-histories?page&pageSize: the caller's points ledger, newest first.
import { okList, route } from "@/lib/api/route";
import { listPointHistories } from "@/lib/services/points/points";
import { pageQuerySchema, pointHistorySchema } from "@/lib/validation/economy";

export const GET = route(
  {
    tag: "Points",
    summary: "The caller's points ledger, newest first",
    auth: "required",
    query: pageQuerySchema,
    responses: [okList(pointHistorySchema)],
  },
  ({ viewer, query }) => listPointHistories(viewer, query),
);
