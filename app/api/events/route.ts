// GET /api/events: Server-Sent Events (cookie or bearer); `Last-Event-ID` (or `lastEventId`) resumes, `postId` scopes post events, `state=1` sends the member's page-state first.
import { clearSessionCookies, presentsSessionCookie } from "@/lib/api/caller";
import { errorResponse, route } from "@/lib/api/route";
import { openEventStream } from "@/lib/live/events";
import { getPageState } from "@/lib/services/users/page-state";
import { msg, suspended, unauthorized } from "@/lib/errors";
import { EVENT_STREAM_ARRAY_KEYS, eventStreamQuerySchema } from "@/lib/validation/events";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    tag: "Live",
    summary: "Live events (Server-Sent Events)",
    description:
      "A text/event-stream of LiveEvent objects (`data:` JSON, `id:` the event id) the caller may see: their own notifications, and comments, new posts, changes and counts of posts they may read; for reviewers (moderators and admins; a category moderator for their categories only), `review` events when something enters or leaves the review queue. `Last-Event-ID` (or `lastEventId`) replays what was missed from a 15-minute outbox, or sends a `reload` event when too far behind; `postId` limits post events to one post; `: ping` comments every 20 s. Works across processes through Postgres LISTEN/NOTIFY. " +
      "A stream ends within seconds when the sign-in it was opened with ends (sign-out, sign-out everywhere, a revoked token or session, a password change or reset) or its member is suspended or changes role; reopening it with an ended session cookie is a 401 (and the cookie is cleared), with a revoked token a 401, while suspended a 403 `suspended`. " +
      "`state=1` (with `statePostIds`, `statePostId`, `stateVisit`, `stateView`, `stateMuted`, the parameters of GET /api/users/me/page-state) first sends the caller's page-state as a named message, `event: page-state` with the PageState object as its data, or `event: page-state-error` with the error body and its `status` (401 when not signed in): a shared page that opens the stream anyway needs no second request for it.",
    auth: "optional",
    query: eventStreamQuerySchema,
    arrayParams: EVENT_STREAM_ARRAY_KEYS,
    responses: [{ status: 200, description: "SSE stream of LiveEvent", media: "text/event-stream" }],
  },
  async ({ req, viewer, query }) => {
    // A stream is a sign-in's private channel: it does not reopen once that sign-in has ended (a
    // revoked bearer token is already a 401 in route()), nor as anonymous with the cookie of one.
    if (!viewer && (await presentsSessionCookie(req.headers)))
      return clearSessionCookies(errorResponse(unauthorized(msg("signInEnded")), req));
    if (viewer?.suspendedUntil) throw suspended(viewer.suspendedUntil);
    const header = req.headers.get("last-event-id");
    const lastEventId = header && /^\d{1,18}$/.test(header) ? Number(header) : query.lastEventId;
    const opening = query.state
      ? async () => {
          try {
            if (!viewer) throw unauthorized();
            const data = await getPageState(viewer, {
              postIds: query.statePostIds,
              postId: query.statePostId,
              visit: query.stateVisit,
              view: query.stateView,
              muted: query.stateMuted,
              upTo: query.stateUpTo,
            });
            return { event: "page-state", data };
          } catch (err) {
            // The same body (and logging) as the endpoint's error answer, with its status.
            const res = errorResponse(err, req);
            return { event: "page-state-error", data: { status: res.status, ...((await res.json()) as object) } };
          }
        }
      : undefined;
    const body = await openEventStream(viewer, { postId: query.postId, lastEventId, opening }, req.signal);
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
