import "server-only";
import { randomBytes } from "node:crypto";
import ipaddr from "ipaddr.js";
import { setting } from "@/lib/env";

/**
 * The client address behind a request, for rate limits and view counting.
 *
 * `X-Forwarded-For` is written by whoever sends the request, so it is believed only when the direct
 * peer (the TCP connection's address) is a configured reverse proxy (`TRUSTED_PROXIES`, CIDRs, default
 * none). Next.js does not expose the peer address to route handlers (it fills `X-Forwarded-For` with it
 * only when the client sent none), so the HTTP front (lib/front/client-address.ts, run by server.ts) stamps
 * every incoming request with a header carrying the peer address and a per-process secret (`peerStamp`);
 * a client cannot forge it.
 */
export const PEER_HEADER = "x-forum-peer";

const g = globalThis as { __forumPeerSecret?: string; __forumTrusted?: { raw: string; cidrs: [ipaddr.IPv4 | ipaddr.IPv6, number][] } };
const peerSecret = () => (g.__forumPeerSecret ??= randomBytes(18).toString("base64url"));

/** The value of PEER_HEADER for a connection from `address`. */
export const peerStamp = (address: string) => `${peerSecret()} ${address}`;

/** The headers the HTTP front would add for a connection from `address` (tests call handlers in-process). */
export function peerHeaders(address: string, forwardedFor?: string): Record<string, string> {
  const h: Record<string, string> = { [PEER_HEADER]: peerStamp(address) };
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
  const raw = setting("TRUSTED_PROXIES");
  if (g.__forumTrusted?.raw === raw) return g.__forumTrusted.cidrs;
  const cidrs: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];
  for (const item of raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
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

/** The TCP peer stamped by the HTTP front, or null when the request did not come through it. */
export function peerAddress(headers: Pick<Headers, "get">): string | null {
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
export function clientIp(headers: Pick<Headers, "get">): string {
  const peerRaw = peerAddress(headers);
  const peer = peerRaw ? parse(peerRaw) : null;
  if (!peer) return "unknown";
  if (!isTrusted(peer)) return peer.toString();
  const hops = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const a = parse(hops[i]!);
    if (!a) return "unknown";
    if (!isTrusted(a)) return a.toString();
  }
  const first = hops[0] ? parse(hops[0]) : null;
  return (first ?? peer).toString();
}
