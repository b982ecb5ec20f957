// GET /api/stats/dau-range?days=: members seen (daily active users) per UTC day (OpenIsle's StatController; admins).
import { statsRangeRoute } from "../range-route";

export const GET = statsRangeRoute("dau", "members seen (daily active users)");
