import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import ipaddr from "ipaddr.js";

/**
 * The client address behind a request, for rate limits and view counting.
 *
 * `X-Forwarded-For` is written by whoever sends the request, so it is believed only when the direct
 * peer (the TCP connection's address) is a configured reverse proxy (`TRUSTED_PROXIES`, CIDRs, default
 * none). Next.js does not expose the peer address to route handlers (it fills `X-Forwarded-For` with it
 * only when the client sent none), so `installPeerHook()` (called at start-up) stamps every incoming
 * request with a header carrying the peer address and a per-process secret; a client cannot forge it.
 */
export const PEER_HEADER = "x-forum-peer";

const g = globalThis as { __forumPeerSecret?: string; __forumPeerHook?: boolean; __forumTrusted?: { raw: string; cidrs: [ipaddr.IPv4 | ipaddr.IPv6, number][] } };
const peerSecret = () => (g.__forumPeerSecret ??= randomBytes(18).toString("base64url"));

/**
 * Subscribes once to Node's HTTP server channel (before Next.js sees the request): stamps each request
 * with its TCP peer address, and gives API answers that Next.js sends without a body (a 405 for a
 * method the route does not export) the JSON error body of API.md §1.
 */
export async function installPeerHook(): Promise<void> {
  if (g.__forumPeerHook) return;
  g.__forumPeerHook = true;
  const dc = await import("node:diagnostics_channel");
  dc.subscribe("http.server.request.start", (message) => {
    const { request, response, socket } = message as { request: IncomingMessage; response: ServerResponse; socket: { remoteAddress?: string } };
    // Overwrites whatever the client sent under this name.
    request.headers[PEER_HEADER] = `${peerSecret()} ${socket.remoteAddress ?? ""}`;
    if (request.url?.startsWith("/api/")) jsonMethodNotAllowed(request, response);
  });
}

/** A 405 without a body on an API path gets `{error, code}` (Next.js answers unexported methods with an empty 405). */
export function jsonMethodNotAllowed(request: IncomingMessage, response: ServerResponse): void {
  let wrote = false;
  const write = response.write;
  response.write = function (this: ServerResponse, ...args: unknown[]) {
    wrote = true;
    return (write as (...a: unknown[]) => boolean).apply(this, args);
  } as typeof response.write;
  const end = response.end;
  response.end = function (this: ServerResponse, ...args: unknown[]) {
    const empty = args.length === 0 || args[0] == null || typeof args[0] === "function";
    if (this.statusCode === 405 && empty && !wrote && request.method !== "HEAD") {
      const body = JSON.stringify({ error: `Method ${request.method} is not allowed on this path`, code: "method_not_allowed" });
      if (!this.headersSent) {
        this.setHeader("content-type", "application/json");
        this.setHeader("content-length", Buffer.byteLength(body));
      }
      return (end as (...a: unknown[]) => ServerResponse).call(this, body);
    }
    return (end as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as typeof response.end;
}

/** The header value that `installPeerHook` would set for a connection from `address` (tests call handlers in-process). */
export function peerHeaders(address: string, forwardedFor?: string): Record<string, string> {
  const h: Record<string, string> = { [PEER_HEADER]: `${peerSecret()} ${address}` };
  if (forwardedFor !== undefined) h["x-forwarded-for"] = forwardedFor;
  return h;
}

function parse(value: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const v = value.trim().replace(/^\[(.*)\]$/, "$1");
  if (!ipaddr.isValid(v)) return null;
  const a = ipaddr.parse(v);
  return a.kind() === "ipv6" && (a as ipaddr.IPv6).isIPv4MappedAddress() ? (a as ipaddr.IPv6).toIPv4Address() : a;
}

function trustedCidrs() {
  const raw = process.env.TRUSTED_PROXIES ?? "";
  if (g.__forumTrusted?.raw === raw) return g.__forumTrusted.cidrs;
  const cidrs: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];
  for (const item of raw.split(",").map((s) => s.trim()).filter(Boolean)) {
    try {
      if (item.includes("/")) {
        cidrs.push(ipaddr.parseCIDR(item));
      } else {
        const a = parse(item);
        if (a) cidrs.push([a, a.kind() === "ipv4" ? 32 : 128]);
      }
    } catch {
      console.warn(`[client-ip] TRUSTED_PROXIES: ignoring "${item}" (not an address or CIDR)`);
    }
  }
  g.__forumTrusted = { raw, cidrs };
  return cidrs;
}

function isTrusted(a: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  return trustedCidrs().some(([net, bits]) => net.kind() === a.kind() && a.match(net, bits));
}

/** The TCP peer stamped by `installPeerHook`, or null when the request did not come through it. */
export function peerAddress(headers: Headers): string | null {
  const v = headers.get(PEER_HEADER);
  if (!v) return null;
  const space = v.indexOf(" ");
  if (space < 0 || v.slice(0, space) !== peerSecret()) return null;
  return v.slice(space + 1) || null;
}

/**
 * The client's address: the peer itself unless it is a trusted proxy; behind trusted proxies, the
 * right-most `X-Forwarded-For` entry that is not itself a trusted proxy. "unknown" when the peer is
 * not known (a request that did not come through the HTTP server), so such callers share one bucket.
 */
export function clientIp(headers: Headers): string {
  const peerRaw = peerAddress(headers);
  const peer = peerRaw ? parse(peerRaw) : null;
  if (!peer) return "unknown";
  if (!isTrusted(peer)) return peer.toString();
  const hops = (headers.get("x-forwarded-for") ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const a = parse(hops[i]!);
    if (!a) return "unknown";
    if (!isTrusted(a)) return a.toString();
  }
  const first = hops[0] ? parse(hops[0]) : null;
  return (first ?? peer).toString();
}
