// GET /api/health: liveness plus a database round trip (no caller resolution: probes must stay cheap).
import { declared, ok } from "@/lib/api/route";
import { checkHealth } from "@/lib/health";
import { healthSchema } from "@/lib/validation/responses";

export const dynamic = "force-dynamic";

export const GET = declared(
  {
    tag: "Other",
    summary: "Liveness and database check",
    auth: "none",
    responses: [ok(healthSchema), { status: 503, description: "Database down", schema: healthSchema }],
  },
  async () => {
    const health = await checkHealth();
    return Response.json(health, { status: health.db === "ok" ? 200 : 503 });
  },
);
