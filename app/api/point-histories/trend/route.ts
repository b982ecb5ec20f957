// GET /api/point-histories/trend?days=30 (1..365): the balance at the end of each day, oldest first.
import { parseQuery } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { pointTrend } from "@/lib/services/points";
import { trendQuerySchema } from "@/lib/validation/economy";
import { requireViewer } from "@/lib/viewer";

export const GET = route(
  async ({ req, viewer }) => pointTrend({ userId: requireViewer(viewer).id, ...parseQuery(req, trendQuerySchema) }),
  { auth: "required" },
);
