import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { format } from "node:util";
import pino from "pino";
import { env } from "@/lib/env";
import { observeRequest, routeOf } from "@/lib/front/metrics";
import { requestContext, type RequestContext } from "@/lib/request-context";

/*
 * The JSON log (docs/observability.md): one line per request, from the HTTP front, with the request id
 * (also sent back as X-Request-Id), the method, the route template (never the URL: a query can carry a
 * reset token or an unsubscribe signature), the status, the duration and the member it was resolved to.
 * No header, cookie, body or query is ever logged. The process's console lines go to the same log.
 */

const g = globalThis as unknown as { __forumLog?: pino.Logger };

/** The process's logger (JSON lines on stdout). */
export function logger(): pino.Logger {
  return (g.__forumLog ??= pino({ level: env().LOG_LEVEL, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime }));
}

/** An id a proxy in front may have given the request (kept when it is plain), else a new one. */
const GOOD_ID = /^[A-Za-z0-9._:-]{8,128}$/;
function requestIdOf(req: IncomingMessage): string {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && GOOD_ID.test(given) ? given : randomUUID();
}

/**
 * Runs `handle` for a request inside its context (lib/request-context.ts: the edge records the member
 * there), sets X-Request-Id, and when the answer is finished (or the client went away) logs it and
 * counts it in /metrics.
 */
export function logRequest(req: IncomingMessage, res: ServerResponse, handle: () => void): void {
  const started = performance.now();
  const ctx: RequestContext = { requestId: requestIdOf(req) };
  res.setHeader("x-request-id", ctx.requestId);
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    const seconds = (performance.now() - started) / 1000;
    const route = routeOf(req.url ?? "/");
    const status = res.writableFinished ? res.statusCode : 499;
    observeRequest(route, req.method ?? "GET", status, seconds);
    logger().info(
      {
        reqId: ctx.requestId,
        method: req.method,
        route,
        status,
        ms: Math.round(seconds * 10_000) / 10,
        ...(ctx.memberId ? { member: ctx.memberId } : {}),
        ...(res.getHeader("x-forum-cache") ? { cache: String(res.getHeader("x-forum-cache")) } : {}),
      },
      "request",
    );
  };
  res.once("finish", finish);
  res.once("close", finish);
  requestContext.run(ctx, handle);
}

/**
 * Sends console.log/info/warn/error of the whole process (Next.js's and the app's own lines) to the
 * JSON log, each as one line with the level it was written at.
 */
export function routeConsoleToLog(): void {
  const log = logger();
  const send =
    (level: "info" | "warn" | "error") =>
    (...args: unknown[]) => {
      const reqId = requestContext.getStore()?.requestId;
      log[level](reqId ? { reqId } : {}, format(...args));
    };
  console.log = send("info");
  console.info = send("info");
  console.warn = send("warn");
  console.error = send("error");
}
