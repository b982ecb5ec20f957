// GET /api/events: Server-Sent Events (cookie or bearer); `Last-Event-ID` (or `lastEventId`) resumes, `postId` scopes post events.
import { route } from "@/lib/api/route";
import { openEventStream } from "@/lib/services/live-events";
import { eventStreamQuerySchema } from "@/lib/validation/events";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    tag: "Live", summary: "Live events (Server-Sent Events)",
    description: "A text/event-stream of LiveEvent objects (`data:` JSON, `id:` the event id) the caller may see: their own notifications, and comments, new posts, changes and counts of posts they may read. `Last-Event-ID` (or `lastEventId`) replays what was missed from a 15-minute outbox, or sends a `reload` event when too far behind; `postId` limits post events to one post; `: ping` comments every 20 s. Works across processes through Postgres LISTEN/NOTIFY.",
    auth: "optional", query: eventStreamQuerySchema, responses: [{ status: 200, description: "SSE stream of LiveEvent", media: "text/event-stream" }],
  },
  async ({ req, viewer, query }) => {
    const header = req.headers.get("last-event-id");
    const lastEventId = header && /^\d{1,18}$/.test(header) ? Number(header) : query.lastEventId;
    const body = await openEventStream(viewer, { postId: query.postId, lastEventId }, req.signal);
    return new Response(body, {
      headers: {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        connection: "keep-alive",
        "x-accel-buffering": "no",
      },
    });
  },
);
