// GET /api/stats/posts-range?days=: new posts per UTC day (OpenIsle's StatController; admins).
import { statsRangeRoute } from "../range-route";

export const GET = statsRangeRoute("posts", "new posts");
