// GET /api/stats/comments-range?days=: new comments per UTC day (OpenIsle's StatController; admins).
import { statsRangeRoute } from "../range-route";

export const GET = statsRangeRoute("comments", "new comments");
