import { createHash } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, Server, ServerResponse } from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { PEER_HEADER, peerStamp } from "@/lib/api/client-ip";
import { inlineScriptHashes, pagePolicy } from "@/lib/api/csp";
import { decorateCors, isPreflight, preflightHeaders } from "@/lib/api/cors";
import { isSiteOrigin } from "@/lib/api/origin";
import {
  aheadRequest,
  lookupPage,
  pageCacheServer,
  pageCandidate,
  releasePage,
  sendPage,
  storePage,
  type PageCandidate,
  type PageStamp,
} from "@/lib/cache/page-cache";
import { SHARED_RENDER_HEADER } from "@/lib/cache/shared-render";
import { env } from "@/lib/env";
import { writeFirst } from "@/lib/api/write-first";

/**
 * The one place below Next.js that touches raw HTTP: a subscriber to Node's
 * `http.server.request.start` channel, which runs for every request before Next.js sees it.
 * - stamps the request with its TCP peer address (lib/api/client-ip.ts: X-Forwarded-For is believed
 *   only from TRUSTED_PROXIES, and Next.js does not otherwise tell route handlers who the peer is);
 * - gives API answers that Next.js sends without a body (405 for a method a route does not export)
 *   the JSON error body of API.md §1;
 * - sends each HTML page with a Content-Security-Policy listing the SHA-256 of its inline scripts
 *   (lib/api/csp.ts explains why hashes and not nonces);
 * - answers public pages from the page cache (lib/cache/page-cache.ts; its contract: lib/cache/README.md)
 *   before Next.js sees them, and hands the pages it lets through to render to the cache when they are
 *   complete;
 * - lets writes go first: while one is in flight, arriving reads wait (briefly, bounded) before Next.js
 *   sees them (lib/api/write-first.ts).
 */
const g = globalThis as { __forumHttpHook?: boolean };

export async function installHttpHook(): Promise<void> {
  if (g.__forumHttpHook) return;
  g.__forumHttpHook = true;
  const dc = await import("node:diagnostics_channel");
  dc.subscribe("http.server.request.start", (message) => {
    const { request, response, socket, server } = message as {
      request: IncomingMessage;
      response: ServerResponse;
      socket: { remoteAddress?: string };
      server?: Server;
    };
    // Overwrites whatever the client sent under these names.
    request.headers[PEER_HEADER] = peerStamp(socket.remoteAddress ?? "");
    delete request.headers[SHARED_RENDER_HEADER];
    // CORS (lib/api/cors.ts): headers on every /api answer, refusals included; preflights answered here.
    decorateCors(request, response);
    const refusal =
      refuseEarly(request) ?? (isPreflight(request) ? { status: 204, code: "", error: "", headers: preflightHeaders(request) } : null);
    if (refusal && server && frontOf(server)) {
      (request as PageRequest)[REFUSE] = refusal;
      return;
    }
    const ahead = aheadRequest(request);
    const path = request.url ?? "";
    if (path.startsWith("/api/")) jsonMethodNotAllowed(request, response);
    else if (path.startsWith("/_next/static/") || path.startsWith("/uploads/")) return;
    else {
      const candidate = server && frontOf(server) ? (ahead ?? pageCandidate(request)) : null;
      if (candidate) (request as PageRequest)[CANDIDATE] = candidate;
      else hashPageScripts(request, response);
    }
  });
}

/** The methods Next.js routes; any other (TRACE, CONNECT, PROPFIND…) makes it throw, a 500. */
const NEXT_METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"]);

type Refusal = { status: number; code: string; error: string; headers?: Record<string, string> };

/**
 * Requests Next.js would answer with a 500 are answered here with the error of API.md §1:
 * - a method it does not route: 405;
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
  if (request.headers["next-action"] !== undefined && method === "POST") {
    const origin = request.headers.origin;
    if (origin && !isOwnOrigin(origin, request))
      return { status: 403, code: "forbidden", error: "Cross-site request refused (CSRF check)" };
  }
  return null;
}

function isOwnOrigin(origin: string, request: IncomingMessage): boolean {
  const forwarded = request.headers["x-forwarded-host"];
  const own = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim() || request.headers.host;
  return isSiteOrigin(origin, own);
}

function sendRefusal(request: IncomingMessage, res: ServerResponse, r: Refusal): void {
  if (r.status === 204) {
    res.writeHead(204, r.headers);
    request.resume();
    return void res.end();
  }
  const body = JSON.stringify({ error: r.error, code: r.code });
  res.writeHead(r.status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
    ...r.headers,
  });
  // The body of an unread request is discarded, so the connection stays usable.
  request.resume();
  res.end(body);
}

const REFUSE = Symbol("refused before Next.js");
const CANDIDATE = Symbol("page-cache candidate");
/** A page for the cache's lookup, or one this process renders ahead for a write (stamp and shell given). */
type Candidate = PageCandidate | NonNullable<ReturnType<typeof aheadRequest>>;
type PageRequest = IncomingMessage & { [CANDIDATE]?: Candidate; [REFUSE]?: Refusal };
const fronted = new WeakMap<Server, boolean>();

/**
 * Puts the page cache in front of a server's request listeners (Next.js's), once per server. Node
 * publishes `http.server.request.start` just before it emits `request`, so the request that first
 * shows a server already goes through the front. A candidate request (marked by the channel's
 * subscriber) is looked up first: a hit is answered here and never reaches Next.js; anything else is
 * handed on, a member's page marked as the shared page to render and every page held for its CSP and
 * the cache (hashPageScripts).
 */
function frontOf(server: Server): boolean {
  const known = fronted.get(server);
  if (known !== undefined) return known;
  const listeners = server.listeners("request") as ((req: IncomingMessage, res: ServerResponse) => void)[];
  fronted.set(server, listeners.length > 0);
  if (!listeners.length) return false;
  const next = (req: IncomingMessage, res: ServerResponse) => {
    for (const l of listeners) l.call(server, req, res);
  };
  server.removeAllListeners("request");
  pageCacheServer(server);
  const gate = writeFirst(env().WRITE_FIRST_MS);
  server.on("request", (req: PageRequest, res: ServerResponse) => gate.admit(req, res, () => answer(req, res)));
  const answer = (req: PageRequest, res: ServerResponse) => {
    const refusal = req[REFUSE];
    if (refusal) return sendRefusal(req, res, refusal);
    const candidate = req[CANDIDATE];
    if (!candidate) return next(req, res);
    void (async () => {
      let r: Awaited<ReturnType<typeof lookupPage>> = null;
      try {
        r = typeof candidate === "object" ? candidate : await lookupPage(req, candidate);
      } catch (err) {
        // A database hiccup: render as usual.
        console.error("[page-cache] lookup failed; rendering", err);
      }
      try {
        if (r && "entry" in r) return sendPage(req, res, r.entry);
        // A render for the cache: the page reads as its shared reader (lib/cache/page-reader.ts).
        if (r) req.headers[SHARED_RENDER_HEADER] = r.shared;
        hashPageScripts(req, res, r?.stamp);
        next(req, res);
      } catch (err) {
        // Never an unhandled rejection (it would end the process): this one request fails.
        console.error("[page-cache] could not answer a page request", err);
        if (!res.headersSent) {
          res.statusCode = 500;
          res.end();
        } else res.destroy();
      }
    })();
  };
  return true;
}

type Fn = (...args: any[]) => any;

/** A 405 without a body on an API path gets `{error, code}` (Next.js answers unexported methods with an empty 405). */
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

function decode(body: Buffer, encoding: string): Buffer {
  if (encoding === "gzip" || encoding === "x-gzip") return gunzipSync(body);
  if (encoding === "deflate") return inflateSync(body);
  if (encoding === "br") return brotliDecompressSync(body);
  return body;
}

/** A body decoded, or null (logged) when it cannot be. */
function safeDecode(body: Buffer, encoding: string): Buffer | null {
  try {
    return decode(body, encoding);
  } catch (err) {
    console.error("[csp] could not read an HTML response to hash its scripts", err);
    return null;
  }
}

/**
 * Script hashes of a (possibly compressed) HTML body. Cached by a digest of the bytes: a cached page is
 * sent again and again with the same bytes, and decoding costs a few ms where a digest costs ~0.1 ms.
 */
const hashMemo = new Map<string, string[]>();
function scriptHashesOf(body: Buffer, encoding: string): string[] {
  const key = `${encoding}:${createHash("sha1").update(body).digest("base64")}`;
  const hit = hashMemo.get(key);
  if (hit) return hit;
  const decoded = safeDecode(body, encoding);
  if (!decoded) return [];
  const hashes = inlineScriptHashes(decoded.toString("utf8"));
  if (hashMemo.size >= 500) hashMemo.delete(hashMemo.keys().next().value!);
  hashMemo.set(key, hashes);
  return hashes;
}

function applyHeaders(res: ServerResponse, headers: unknown): void {
  if (!headers) return;
  if (Array.isArray(headers)) {
    const flat = headers.flat() as string[];
    for (let i = 0; i + 1 < flat.length; i += 2) res.setHeader(flat[i]!, flat[i + 1]!);
  } else {
    for (const [k, v] of Object.entries(headers as OutgoingHttpHeaders)) if (v !== undefined) res.setHeader(k, v);
  }
}

/**
 * Holds an HTML response until it is complete (also when a compression layer sits in between: the
 * body is decoded only to read it, the bytes sent are the ones given), then sets its CSP with the
 * hashes of its inline scripts and sends it with a Content-Length. Anything that is not HTML passes
 * straight through. The cost: an HTML page is sent when it is complete, not streamed.
 */
export function hashPageScripts(request: IncomingMessage, response: ServerResponse, stamp?: PageStamp): void {
  if (request.method === "HEAD") return;
  const { writeHead, flushHeaders, write, end } = response as unknown as Record<string, Fn>;
  let mode: "undecided" | "html" | "pass" = "undecided";
  const decide = () => {
    if (mode === "undecided") {
      const type = String(response.getHeader("content-type") ?? "");
      const bodyless = response.statusCode === 204 || response.statusCode === 304;
      mode = type.includes("text/html") && !bodyless && !response.headersSent ? "html" : "pass";
    }
    return mode;
  };
  // A stamped render that ends without reaching `storePage` frees the visitors waiting for it.
  if (stamp) response.once("close", () => releasePage(stamp));
  const chunks: Buffer[] = [];
  const collect = (chunk: unknown, encoding?: unknown) => {
    if (chunk == null || typeof chunk === "function") return;
    chunks.push(
      typeof chunk === "string"
        ? Buffer.from(chunk, (typeof encoding === "string" ? encoding : "utf8") as BufferEncoding)
        : Buffer.from(chunk as Uint8Array),
    );
  };
  Object.assign(response, {
    writeHead(this: ServerResponse, ...args: unknown[]) {
      if (mode === "pass") return writeHead!.apply(this, args);
      this.statusCode = args[0] as number;
      if (typeof args[1] === "string") this.statusMessage = args[1];
      applyHeaders(this, typeof args[1] === "string" ? args[2] : args[1]);
      return decide() === "html" ? this : writeHead!.call(this, this.statusCode);
    },
    flushHeaders(this: ServerResponse) {
      if (decide() === "html") return;
      return flushHeaders!.call(this);
    },
    write(this: ServerResponse, ...args: unknown[]) {
      if (decide() !== "html") return write!.apply(this, args);
      collect(args[0], args[1]);
      const cb = args.find((a) => typeof a === "function") as (() => void) | undefined;
      if (cb) process.nextTick(cb);
      return true;
    },
    end(this: ServerResponse, ...args: unknown[]) {
      if (decide() !== "html") return end!.apply(this, args);
      collect(args[0], args[1]);
      const cb = args.find((a) => typeof a === "function") as (() => void) | undefined;
      let body = Buffer.concat(chunks);
      const encoding = String(this.getHeader("content-encoding") ?? "").toLowerCase();
      // A page for the cache is decoded once, for its scripts' hashes and the entry.
      const decoded = stamp ? safeDecode(body, encoding) : null;
      let hashes: string[] = [];
      if (!stamp) hashes = scriptHashesOf(body, encoding);
      else if (decoded) hashes = inlineScriptHashes(decoded.toString("utf8"));
      const csp = pagePolicy(hashes);
      // A public page rendered with a page-cache stamp goes into the page cache (lib/cache/page-cache.ts).
      if (stamp && decoded) {
        try {
          storePage(stamp, this, decoded, encoding === "gzip" || encoding === "x-gzip" ? body : undefined, csp);
        } catch (err) {
          console.error("[page-cache] could not store a page", err);
        }
      }
      // A page rendered ahead was handed to its write by storePage: the request that asked for it
      // (this process itself) gets the head only.
      if (stamp?.ahead) body = Buffer.alloc(0);
      this.setHeader("content-security-policy", csp);
      this.removeHeader("transfer-encoding");
      this.setHeader("content-length", body.length);
      // From here on, Node's own implicit writeHead must reach the socket.
      mode = "pass";
      return end!.call(this, body, cb);
    },
  });
}
