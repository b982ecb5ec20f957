import type { IncomingMessage, ServerResponse } from "node:http";
import { isSiteOrigin } from "@/lib/api/origin";

/** The methods Next.js routes; any other (TRACE, CONNECT, PROPFIND…) makes it throw, a 500. */
const NEXT_METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"]);

export type Refusal = { status: number; code: string; error: string; headers?: Record<string, string> };

/**
 * Requests Next.js would answer with a 500 get the JSON error body of every other refusal instead:
 * - a method it does not route: 405;
 * - a path with a malformed percent escape: 400;
 * - a server-action call (`Next-Action` header) from another origin: 403. Next.js compares the Origin
 *   with the Host itself, but throws when they differ; the same rule here, with PUBLIC_URL's host
 *   also accepted.
 */
export function refuseEarly(request: IncomingMessage): Refusal | null {
  const method = request.method ?? "GET";
  if (!NEXT_METHODS.has(method)) {
    return {
      status: 405,
      code: "method_not_allowed",
      error: `Method ${method.slice(0, 20)} is not allowed on this path`,
      headers: { allow: "GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE" },
    };
  }
  if (!decodablePath(request.url ?? "/")) {
    return { status: 400, code: "bad_request", error: "The address has a malformed percent escape (such as %E0 or %ZZ)" };
  }
  if (request.headers["next-action"] !== undefined && method === "POST") {
    const origin = request.headers.origin;
    if (origin && !isOwnOrigin(origin, request))
      return { status: 403, code: "forbidden", error: "Cross-site request refused (CSRF check)" };
  }
  return null;
}

/**
 * Whether the path (before `?`) decodes: Next.js's router decodes it and answers a 500 when it cannot
 * (`/u/%E0`). Query strings are left to the pages, which read a malformed escape as U+FFFD.
 */
function decodablePath(url: string): boolean {
  const q = url.indexOf("?");
  try {
    decodeURIComponent(q < 0 ? url : url.slice(0, q));
    return true;
  } catch {
    return false;
  }
}

function isOwnOrigin(origin: string, request: IncomingMessage): boolean {
  const forwarded = request.headers["x-forwarded-host"];
  const own = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim() || request.headers.host;
  return isSiteOrigin(origin, own);
}

/** Answers a refusal; the body of the unread request is discarded, so the connection stays usable. */
export function sendRefusal(request: IncomingMessage, res: ServerResponse, r: Refusal): void {
  const body = JSON.stringify({ error: r.error, code: r.code });
  res.writeHead(r.status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
    ...r.headers,
  });
  request.resume();
  res.end(body);
}

/** Answers a request Next.js would turn into a 500 (refuseEarly); true when it did. */
export function answerOddRequest(request: IncomingMessage, res: ServerResponse): boolean {
  const refusal = refuseEarly(request);
  if (!refusal) return false;
  sendRefusal(request, res, refusal);
  return true;
}

type Fn = (...args: any[]) => any;

/**
 * A 405 without a body on an API path gets `{error, code}`: Next.js answers a method a route does not
 * export with an empty 405. Wraps the response's head and body writes, since Next.js writes it.
 */
export function jsonMethodNotAllowed(request: IncomingMessage, response: ServerResponse): void {
  const isBare405 = () => response.statusCode === 405 && !response.getHeader("content-type");
  const markJson = () => {
    if (isBare405() && !response.headersSent) response.setHeader("content-type", "application/json");
  };
  const { writeHead, flushHeaders, write, end } = response as unknown as Record<string, Fn>;
  let wrote = false;
  let json = false;
  Object.assign(response, {
    writeHead(this: ServerResponse, ...args: unknown[]) {
      if (args[0] === 405) this.statusCode = 405;
      json ||= isBare405();
      markJson();
      return writeHead!.apply(this, args);
    },
    flushHeaders(this: ServerResponse) {
      json ||= isBare405();
      markJson();
      return flushHeaders!.call(this);
    },
    write(this: ServerResponse, ...args: unknown[]) {
      wrote = true;
      return write!.apply(this, args);
    },
    end(this: ServerResponse, ...args: unknown[]) {
      const empty = args.length === 0 || args[0] == null || typeof args[0] === "function";
      json ||= isBare405();
      if (json && empty && !wrote && request.method !== "HEAD") {
        const body = JSON.stringify({ error: `Method ${request.method} is not allowed on this path`, code: "method_not_allowed" });
        if (!this.headersSent) {
          this.setHeader("content-type", "application/json");
          this.setHeader("content-length", Buffer.byteLength(body));
        }
        return end!.call(this, body);
      }
      return end!.apply(this, args);
    },
  });
}
