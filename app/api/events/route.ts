// GET /api/events: Server-Sent Events (cookie or bearer); `Last-Event-ID` (or `lastEventId`) resumes, `postId` scopes post events.
import { parseQuery } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { openEventStream } from "@/lib/services/live-events";
import { eventStreamQuerySchema } from "@/lib/validation/events";

export const dynamic = "force-dynamic";

export const GET = route(async ({ req, viewer }) => {
  const q = parseQuery(req, eventStreamQuerySchema);
  const header = req.headers.get("last-event-id");
  const lastEventId = header && /^\d{1,18}$/.test(header) ? Number(header) : q.lastEventId;
  const body = await openEventStream(viewer, { postId: q.postId, lastEventId }, req.signal);
  return new Response(body, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    },
  });
});
