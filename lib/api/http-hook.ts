import { createHash } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { PEER_HEADER, peerStamp } from "@/lib/api/client-ip";
import { inlineScriptHashes, pagePolicy } from "@/lib/api/csp";
import { PAGE_VERSION_HEADER, STORED_ENCODING_HEADER, storePage } from "@/lib/api/page-cache";

/**
 * The one place below Next.js that touches raw HTTP: a subscriber to Node's
 * `http.server.request.start` channel, which runs for every request before Next.js sees it.
 * - stamps the request with its TCP peer address (lib/api/client-ip.ts: X-Forwarded-For is believed
 *   only from TRUSTED_PROXIES, and Next.js does not otherwise tell route handlers who the peer is);
 * - gives API answers that Next.js sends without a body (405 for a method a route does not export)
 *   the JSON error body of API.md §1;
 * - sends each HTML page with a Content-Security-Policy listing the SHA-256 of its inline scripts
 *   (lib/api/csp.ts explains why hashes and not nonces);
 * - hands finished anonymous public pages to the page cache (lib/api/page-cache.ts).
 */
const g = globalThis as { __forumHttpHook?: boolean };

export async function installHttpHook(): Promise<void> {
  if (g.__forumHttpHook) return;
  g.__forumHttpHook = true;
  const dc = await import("node:diagnostics_channel");
  dc.subscribe("http.server.request.start", (message) => {
    const { request, response, socket } = message as { request: IncomingMessage; response: ServerResponse; socket: { remoteAddress?: string } };
    // Overwrites whatever the client sent under this name.
    request.headers[PEER_HEADER] = peerStamp(socket.remoteAddress ?? "");
    const path = request.url ?? "";
    if (path.startsWith("/api/")) jsonMethodNotAllowed(request, response);
    else if (!path.startsWith("/_next/static/") && !path.startsWith("/uploads/")) hashPageScripts(request, response);
  });
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

/**
 * Script hashes of a (possibly compressed) HTML body. Cached by a digest of the bytes: a cached page is
 * sent again and again with the same bytes, and decoding costs a few ms where a digest costs ~0.1 ms.
 */
const hashMemo = new Map<string, string[]>();
function scriptHashesOf(body: Buffer, encoding: string): string[] {
  const key = `${encoding}:${createHash("sha1").update(body).digest("base64")}`;
  const hit = hashMemo.get(key);
  if (hit) return hit;
  let hashes: string[] = [];
  try {
    hashes = inlineScriptHashes(decode(body, encoding).toString("utf8"));
  } catch (err) {
    console.error("[csp] could not read an HTML response to hash its scripts", err);
    return hashes;
  }
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
export function hashPageScripts(request: IncomingMessage, response: ServerResponse): void {
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
  const chunks: Buffer[] = [];
  const collect = (chunk: unknown, encoding?: unknown) => {
    if (chunk == null || typeof chunk === "function") return;
    chunks.push(typeof chunk === "string" ? Buffer.from(chunk, (typeof encoding === "string" ? encoding : "utf8") as BufferEncoding) : Buffer.from(chunk as Uint8Array));
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
      const body = Buffer.concat(chunks);
      // A page-cache hit sent as stored (gzipped): its encoding, and its Cache-Control without the
      // `no-transform` that kept Next.js's compression off it (lib/api/page-cache.ts lookupPage).
      const stored = this.getHeader(STORED_ENCODING_HEADER);
      if (stored !== undefined) {
        this.removeHeader(STORED_ENCODING_HEADER);
        this.setHeader("content-encoding", String(stored));
        const cc = String(this.getHeader("cache-control") ?? "").replace(/(?:^|,\s*)no-transform$/, "");
        if (cc) this.setHeader("cache-control", cc);
        else this.removeHeader("cache-control");
      }
      const encoding = String(this.getHeader("content-encoding") ?? "").toLowerCase();
      const hashes = scriptHashesOf(body, encoding);
      // A public page rendered for an anonymous visitor goes into the page cache (lib/api/page-cache.ts).
      if (this.getHeader(PAGE_VERSION_HEADER) !== undefined) {
        try {
          storePage(request, this, decode(body, encoding), encoding === "gzip" || encoding === "x-gzip" ? body : undefined);
        } catch {
          this.removeHeader(PAGE_VERSION_HEADER);
        }
      }
      this.setHeader("content-security-policy", pagePolicy(hashes));
      this.removeHeader("transfer-encoding");
      this.setHeader("content-length", body.length);
      // From here on, Node's own implicit writeHead must reach the socket.
      mode = "pass";
      return end!.call(this, body, cb);
    },
  });
}
