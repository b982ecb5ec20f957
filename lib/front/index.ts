import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { SHARED_RENDER_HEADER } from "@/lib/cache/shared-render";
import { env } from "@/lib/env";
import { stampClientAddress } from "@/lib/front/client-address";
import { credentialGate } from "@/lib/front/credential-gate";
import { answerPreflight, decorateCors } from "@/lib/front/cors";
import { hashPageScripts } from "@/lib/front/csp";
import { answerMetrics, instrumentDb } from "@/lib/front/metrics";
import { answerOddRequest, jsonMethodNotAllowed } from "@/lib/front/odd-methods";
import { answerPage } from "@/lib/front/page-hits";
import { aheadRequest, pageCacheServer, pageCandidate } from "@/lib/front/page-cache";
import { logRequest } from "@/lib/front/request-log";
import { stampUrlLocale } from "@/lib/front/url-locale";
import { writeFirst } from "@/lib/front/write-first";

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The HTTP front: what `server.ts` does with every request before (or instead of) handing it to
 * Next.js, in this order. Each job is one module beside this one:
 * 1. client-address: the request carries its TCP peer address (signed; lib/api/client-ip.ts);
 *    the headers only this process may set (shared render, render ahead) are removed from it.
 * 2. cors: every /api answer gets its CORS headers, whatever produces it; a preflight is answered here.
 * 3. odd-methods: a request Next.js would answer with a 500 (a method it does not route, a cross-site
 *    server action) is refused here in JSON; an /api 405 that Next.js sends without a body gets one.
 * 4. credential-gate: requests that may hash a password enter a few at a time (the rest wait in a
 *    list, not in Next.js), so a flood of sign-ins does not queue everyone else behind it.
 *    write-first: while a write is in flight, arriving reads wait (briefly, bounded).
 * 5. page-hits + page-cache: a public page is answered from the page cache, or rendered by Next.js for it.
 * 6. csp: every HTML page that Next.js renders is sent with the hashes of its inline scripts.
 * Around all of them, request-log: a request id, one JSON log line and the request metrics per answer;
 * before them, metrics (GET /metrics with METRICS_TOKEN) and url-locale (a page's `?hl=` for the render).
 *
 * `server` is the server this front answers for: the page cache renders hot list pages ahead through it.
 */
/**
 * How many credential requests are inside Next.js at once: 1 on the embedded database, 2 on a Postgres
 * server. Their hashes run off the thread, but each still costs the thread its routing and statements (on
 * the embedded database, the statements themselves), and with four at once `/api/health` waited behind
 * most of a burst of 60 bad resets from 60 addresses. bench:hostile, longest health answer
 * (bench/results/hostile-2026-12-02-credential-width.md): embedded, four 287-606 ms, one 111-154 ms;
 * Postgres, four 86-336 ms, two 111-164 ms. A flood then costs a sign-in its place in the list (the last
 * of 60 answered after 1.1-1.4 s, against 1.0 s with four), not the rest of the forum its speed.
 */
export function credentialsAtOnce(): number {
  return env().DATABASE_URL ? 2 : 1;
}

export function createFront({ server, next }: { server: Server; next: Handler }): Handler {
  pageCacheServer(server);
  instrumentDb();
  const gate = writeFirst(env().WRITE_FIRST_MS);
  const credentials = credentialGate({ running: credentialsAtOnce(), queued: 500 });
  const route: (req: IncomingMessage, res: ServerResponse, ahead: ReturnType<typeof aheadRequest>) => void = (req, res, ahead) => {
    const path = req.url ?? "";
    if (path.startsWith("/api/")) {
      jsonMethodNotAllowed(req, res);
      return next(req, res);
    }
    if (path.startsWith("/_next/static/") || path.startsWith("/uploads/")) return next(req, res);
    const candidate = ahead ?? pageCandidate(req);
    if (candidate) return void answerPage(req, res, candidate, next);
    hashPageScripts(req, res);
    next(req, res);
  };
  return (req, res) =>
    logRequest(req, res, () => {
      stampClientAddress(req);
      delete req.headers[SHARED_RENDER_HEADER];
      stampUrlLocale(req);
      const ahead = aheadRequest(req);
      if (answerMetrics(req, res)) return;
      decorateCors(req, res);
      if (answerOddRequest(req, res) || answerPreflight(req, res)) return;
      credentials.admit(req, res, () => gate.admit(req, res, () => route(req, res, ahead)));
    });
}
