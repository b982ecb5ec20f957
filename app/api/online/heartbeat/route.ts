// POST /api/online/heartbeat?userId=: "I am here" from a client (OpenIsle's header pings every 2 minutes).
import { route } from "@/lib/api/route";
import { recordHeartbeat } from "@/lib/services/users/presence";
import { heartbeatQuerySchema } from "@/lib/validation/openisle/site";

export const POST = route(
  {
    tag: "Users",
    summary: "Heartbeat",
    description:
      "Counts a signed-in caller as online. OpenIsle's client names itself with userId (guests with a random id) and sends no token: such a heartbeat is answered and counts nobody, since a userId proves nothing.",
    auth: "optional",
    query: heartbeatQuerySchema,
    responses: [{ status: 200, description: "Recorded (no body, as in OpenIsle)" }],
  },
  async ({ viewer }) => {
    await recordHeartbeat(viewer);
    return new Response(null, { status: 200 });
  },
);
