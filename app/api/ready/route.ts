// GET /api/ready: readiness (503 while migrations run or are missing, or the database is unreachable); /api/health stays liveness.
import { declared, ok } from "@/lib/api/route";
import { checkReady } from "@/lib/health";
import { readinessSchema } from "@/lib/validation/health";

export const dynamic = "force-dynamic";

export const GET = declared(
  {
    tag: "Other",
    summary: "Readiness check",
    description: "200 when the database answers, no migration is running and every migration of this build is applied; 503 otherwise.",
    auth: "none",
    responses: [ok(readinessSchema), { status: 503, description: "Not ready", schema: readinessSchema }],
  },
  async () => {
    const ready = await checkReady();
    return Response.json(ready, { status: ready.status === "ready" ? 200 : 503, headers: { "cache-control": "no-store" } });
  },
);
