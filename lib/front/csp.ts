import { createHash } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { inlineScriptHashes, pagePolicy } from "@/lib/api/csp";
import { releasePage, storePage, type PageStamp } from "@/lib/front/page-cache";

/*
 * A Content-Security-Policy per page: each HTML page is sent with the SHA-256 of its own inline scripts
 * (lib/api/csp.ts says why hashes and not nonces). Next.js writes the response, so the front wraps the
 * response's writes to hold the document until it is complete; a page rendered for the page cache is
 * handed to it here (storePage) with its policy.
 */

type Fn = (...args: any[]) => any;

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
      // A public page rendered with a page-cache stamp goes into the page cache (lib/front/page-cache.ts).
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
