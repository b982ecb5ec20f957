// GET /api/stats/new-users-range?days=: new members per UTC day (OpenIsle's StatController; admins).
import { statsRangeRoute } from "../range-route";

export const GET = statsRangeRoute("new-users", "new members");
