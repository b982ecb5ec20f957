// GET /api/point-histories?page&pageSize: the caller's points ledger, newest first.
import { parseQuery } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { listPointHistories } from "@/lib/services/points";
import { pageQuerySchema } from "@/lib/validation/economy";
import { requireViewer } from "@/lib/viewer";

export const GET = route(
  async ({ req, viewer }) => listPointHistories({ viewer: requireViewer(viewer), ...parseQuery(req, pageQuerySchema) }),
  { auth: "required" },
);
