// GET /api/health: liveness plus a database round trip.
import { checkHealth } from "@/lib/services/health";

export const dynamic = "force-dynamic";

export async function GET() {
  const health = await checkHealth();
  return Response.json(health, { status: health.db === "ok" ? 200 : 503 });
}
