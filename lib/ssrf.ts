import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { AppError, msg, type Msg } from "@/lib/errors";

/**
 * SSRF-safe remote fetch for "upload from URL".
 *
 * Every hop (the first URL and each redirect) is parsed with the WHATWG URL parser, which normalizes
 * decimal/hex/octal/short IPv4 spellings; its host is resolved once and EVERY address must be public
 * unicast (ipaddr.js `range()` is "unicast"; IPv6 also inside 2000::/3; IPv4-mapped addresses are judged
 * by their embedded IPv4). The socket then connects to the vetted address through a `lookup` that
 * returns it, so no second DNS lookup can be rebound. Redirects are followed by hand (at most 3),
 * with a connect timeout, a total deadline and a byte cap enforced while streaming.
 *
 * Kept by hand on purpose: an address-filtering agent (such as request-filtering-agent) covers the address
 * check only, not the per-hop rules, the deadline and the streaming cap together; this is a security
 * boundary small enough to test directly.
 */

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Resolves a host name to all its addresses (injectable for tests). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export type SafeFetchOptions = {
  /** Bytes allowed in the body; more → 413 payload_too_large. */
  maxBytes: number;
  /** Permit 127.0.0.0/8 and ::1 (tests only; UPLOAD_ALLOW_LOOPBACK=1). */
  allowLoopback?: boolean;
  resolver?: Resolver;
  maxRedirects?: number;
  connectTimeoutMs?: number;
  totalTimeoutMs?: number;
};

export type SafeFetchResult = { bytes: Buffer; contentType: string | null; finalUrl: string };

const defaultResolver: Resolver = async (hostname) => {
  const all = await dnsLookup(hostname, { all: true, verbatim: true });
  return all.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

export const notAllowed = (message: Msg) => new AppError("url_not_allowed", message, { field: "url" });
export const fetchFailed = (message: Msg) => new AppError("fetch_failed", message, { field: "url" });

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

/** Why an address may not be fetched, or null when it is public unicast. */
export function addressRefusal(ip: string, allowLoopback = false): string | null {
  if (!ipaddr.isValid(ip)) return "is not a valid IP address";
  let addr = ipaddr.parse(ip);
  if (addr.kind() === "ipv6" && (addr as ipaddr.IPv6).isIPv4MappedAddress()) {
    addr = (addr as ipaddr.IPv6).toIPv4Address();
  }
  const range = addr.range();
  if (allowLoopback && range === "loopback") return null;
  if (range !== "unicast") return `is in a non-public range (${range})`;
  if (addr.kind() === "ipv6" && !(addr as ipaddr.IPv6).match(GLOBAL_UNICAST_V6)) return "is not global unicast IPv6";
  return null;
}

/** addressRefusal's reason as a catalog message. */
function refusalMsg(host: string, why: string): Msg {
  const range = /non-public range \((.+)\)/.exec(why)?.[1];
  if (range) return msg("addressNonPublic", { host, range });
  return why.startsWith("is not global") ? msg("addressNotGlobal", { host }) : msg("addressInvalidIp", { host });
}

/** Strips the brackets of an IPv6 literal host. */
function bareHost(hostname: string): string {
  return hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
}

export type VettedTarget = { url: URL; address: ResolvedAddress };

/** Parses and checks one URL and resolves its host; throws 400 url_not_allowed / fetch_failed. */
export async function vetUrl(raw: string, opts: { allowLoopback?: boolean; resolver?: Resolver } = {}): Promise<VettedTarget> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw notAllowed(msg("urlInvalid"));
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw notAllowed(msg("urlHttpOnly"));
  if (url.username || url.password) throw notAllowed(msg("urlCredentials"));
  const port = url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
  if (port !== 80 && port !== 443 && port < 1024) throw notAllowed(msg("portNotAllowed", { port }));
  const host = bareHost(url.hostname);
  if (!host) throw notAllowed(msg("urlNoHost"));

  let addresses: ResolvedAddress[];
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: ipaddr.parse(host).kind() === "ipv6" ? 6 : 4 }];
  } else {
    const lower = host.toLowerCase().replace(/\.$/, "");
    if (!opts.allowLoopback && (lower === "localhost" || lower.endsWith(".localhost"))) {
      throw notAllowed(msg("urlLocal"));
    }
    try {
      addresses = await (opts.resolver ?? defaultResolver)(host);
    } catch {
      throw fetchFailed(msg("cannotResolve", { host }));
    }
    if (!addresses.length) throw fetchFailed(msg("cannotResolve", { host }));
  }
  for (const a of addresses) {
    const why = addressRefusal(a.address, opts.allowLoopback);
    if (why) throw notAllowed(refusalMsg(host, why));
  }
  return { url, address: addresses[0]! };
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

type Hop = { status: number; location: string | null; contentType: string | null; bytes: Buffer | null };

/** One request to a vetted address; the body is read only for a 2xx answer. */
function requestOnce(
  target: VettedTarget,
  o: Required<Pick<SafeFetchOptions, "maxBytes" | "connectTimeoutMs">> & { deadline: number },
): Promise<Hop> {
  const { url, address } = target;
  const isHttps = url.protocol === "https:";
  // Whatever the socket asks for, it gets the vetted address: no second DNS lookup.
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options?.all) (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, [address]);
    else callback(null, address.address, address.family);
  };
  const host = bareHost(url.hostname);
  return new Promise<Hop>((resolve, reject) => {
    let settled = false;
    const finish = (err: AppError | null, hop?: Hop) => {
      if (settled) return;
      settled = true;
      clearTimeout(total);
      clearTimeout(connect);
      if (err) {
        req.destroy();
        reject(err);
      } else resolve(hop!);
    };
    const remaining = o.deadline - Date.now();
    if (remaining <= 0) return reject(fetchFailed(msg("remoteTooSlow")));
    const total = setTimeout(() => finish(fetchFailed(msg("remoteTooSlow"))), remaining);
    const connect = setTimeout(() => finish(fetchFailed(msg("remoteConnectTimeout"))), Math.min(o.connectTimeoutMs, remaining));

    const options: https.RequestOptions = {
      protocol: url.protocol,
      hostname: host,
      port: url.port || (isHttps ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      method: "GET",
      lookup: pinned,
      agent: false,
      headers: { "user-agent": "forum-image-fetch/1.0", accept: "image/*", host: url.host },
    };
    if (isHttps && !ipaddr.isValid(host)) options.servername = host;
    const req = (isHttps ? https : http).request(options, (res) => {
      const status = res.statusCode ?? 0;
      const contentType = typeof res.headers["content-type"] === "string" ? res.headers["content-type"] : null;
      if (REDIRECTS.has(status) || status < 200 || status >= 300) {
        res.resume();
        return finish(null, { status, location: res.headers.location ?? null, contentType, bytes: null });
      }
      const declared = Number(res.headers["content-length"] ?? "0");
      if (declared > o.maxBytes) return finish(tooLarge(o.maxBytes));
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > o.maxBytes) return finish(tooLarge(o.maxBytes));
        chunks.push(chunk);
      });
      res.on("end", () => finish(null, { status, location: null, contentType, bytes: Buffer.concat(chunks) }));
      res.on("error", () => finish(fetchFailed(msg("remoteClosed"))));
      res.on("aborted", () => finish(fetchFailed(msg("remoteClosed"))));
    });
    req.on("socket", (socket) => {
      const connected = () => clearTimeout(connect);
      socket.once(isHttps ? "secureConnect" : "connect", connected);
    });
    req.on("error", (err: NodeJS.ErrnoException) => {
      finish(fetchFailed(err.code ? msg("couldNotFetchCode", { code: err.code }) : msg("couldNotFetch")));
    });
    req.end();
  });
}

const tooLarge = (max: number) => new AppError("payload_too_large", msg("remoteTooLarge", { max }));

/** Fetches `raw` safely (see the module comment). Throws AppError 400 url_not_allowed / fetch_failed, 413. */
export async function safeFetch(raw: string, opts: SafeFetchOptions): Promise<SafeFetchResult> {
  const maxRedirects = opts.maxRedirects ?? 3;
  const deadline = Date.now() + (opts.totalTimeoutMs ?? 15_000);
  const hopOpts = { maxBytes: opts.maxBytes, connectTimeoutMs: opts.connectTimeoutMs ?? 5_000, deadline };
  let current = raw;
  for (let redirects = 0; ; redirects++) {
    const target = await vetUrl(current, opts);
    const hop = await requestOnce(target, hopOpts);
    if (REDIRECTS.has(hop.status)) {
      if (!hop.location) throw fetchFailed(msg("redirectWithoutLocation", { status: hop.status }));
      if (redirects >= maxRedirects) throw fetchFailed(msg("tooManyRedirects", { max: maxRedirects }));
      try {
        current = new URL(hop.location, target.url).toString();
      } catch {
        throw fetchFailed(msg("remoteBadRedirect"));
      }
      continue;
    }
    if (hop.status < 200 || hop.status >= 300 || !hop.bytes) {
      throw fetchFailed(msg("remoteStatus", { status: hop.status }));
    }
    return { bytes: hop.bytes, contentType: hop.contentType, finalUrl: target.url.toString() };
  }
}
