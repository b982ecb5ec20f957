import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import { clientIp } from "@/lib/api/client-ip";
import { readCachesEnabled, versionedCache } from "@/lib/cache/content-version";
import { listPageVersion, memberListPage, memberPostPage, postPageVersion } from "@/lib/cache/page-versions";
import { countPostView, viewerKeyForAddress } from "@/lib/services/posts";
import { cookieFromHeader, SESSION_COOKIES, sessionViewer } from "@/lib/api/caller";
import { isModerator } from "@/lib/permissions";

/**
 * The page cache (issue 15): whole HTML documents of the public pages (home, category, tag, post,
 * profile) as an anonymous visitor gets them, and as signed-in members who are not staff share them,
 * per process, served without rendering.
 *
 * Coherence is the API read caches' rule (lib/cache/content-version.ts): an entry is stored under the
 * version read *before* its page was rendered and served only while that is still the current version,
 * and every committed write stamps the versions of what it changed before it returns. So a write
 * through any process is on the next load of every page in every process, and the cost of a hit is one
 * tiny query. Versions are per page (lib/cache/page-versions.ts): a post page's is its post's and
 * "everything"; a list's or profile's is its scope's (home, category, tag, user) and "all lists". So a
 * comment on one post keeps every other post's page cached, and the category, tag and profile pages
 * that cannot show that post.
 *
 * - `proxy.ts` calls `lookupPage` before Next.js routes a request. Document requests (GET, not an RSC
 *   request) take part: anonymous ones keyed by URL; a signed-in member's keyed by class and URL (see
 *   pageClass: every member who is not staff shares one entry; on lists and profiles a member with
 *   private posts of their own gets their own). A member's page is rendered as the shared page
 *   (lib/api/page.ts `pageShell`: read as "some member", no header account, no unread marks, no
 *   subscription or votes), and the browser asks GET /api/users/me/page-state for what is theirs
 *   (components/forum/shell-marks.tsx), which also counts their view of a post and marks it read; on
 *   the page a tab opens, the answer comes as the first message of its event stream (GET /api/events?state=1).
 *   Staff pages, a member's own post (they may edit it, see it unpublished) or a post where they have a
 *   hidden comment (shown to them alone), their own profile, and RSC requests (client navigation,
 *   refresh) are rendered as before.
 * - On a miss, the proxy lets the request through with the version in a response header; the HTTP hook
 *   (lib/api/http-hook.ts), which holds every HTML page until it is complete anyway, gives the finished
 *   document to `storePage`, which keeps it if it is a plain 200 without cookies, and strips the header.
 * - Entries keep the document gzipped as well (the render's own compressed bytes when it was sent
 *   gzipped): a hit for a client that accepts gzip is sent as stored, not compressed again per hit.
 * - A cached post page still counts its view (view counters are not content: cached lists and pages
 *   may show a count that lags until the next write, as the API caches do).
 */
export const PAGE_VERSION_HEADER = "x-forum-page-version";
/** On a cache hit sent as stored, gzipped: the Content-Encoding for the HTTP hook to set (see lookupPage). */
export const STORED_ENCODING_HEADER = "x-forum-stored-encoding";

/** `body`: the decoded HTML; `gzip`: the same, gzipped. */
type Entry = { body: Buffer; gzip: Buffer; headers: [string, string][] };
const pages = () => versionedCache<Entry>("pages", Number(process.env.PAGE_CACHE_ENTRIES || 500));
const MAX_BYTES = 1024 * 1024;
const PUBLIC_PAGE = /^\/(?:|c\/\d{1,9}|t\/\d{1,9}|posts\/\d{1,9}|u\/[^/]{1,64})$/;
const POST_PAGE = /^\/posts\/(\d{1,9})$/;
/**
 * Set by the proxy on a member's page request it lets through to render (and removed from every
 * other request it sees): the page renders the members' shared version (lib/api/page.ts `pageShell`).
 */
export const SHELL_HEADER = "x-forum-shell";
const gs = globalThis as unknown as { __forumShellToken?: string };
/** The header's value: a per-process secret, so that a client cannot ask for the shared page itself. */
export const shellToken = (): string => (gs.__forumShellToken ??= randomBytes(18).toString("base64url"));
/** Response headers that describe one transfer, not the document. */
const TRANSFER_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive", "date", "set-cookie", "content-security-policy", PAGE_VERSION_HEADER, STORED_ENCODING_HEADER]);

type RequestLike = { method: string; url: string; headers: Headers };

/**
 * Who a page request is cached for: `anon` (no session cookie); `member` for a signed-in member who is
 * not staff (and, on a post page, not its author and without a hidden comment there; on a profile, not
 * its owner), or, on lists and profiles, `u<id>` for a member with ONLY_ME posts of their own (their
 * lists differ: their own entry, as the API's list cache does). Staff pages are always rendered.
 */
type PageClass = "anon" | "member" | `u${number}`;

function pageClass(req: RequestLike): PageClass | "session" | null {
  if (req.method !== "GET" || !readCachesEnabled()) return null;
  const url = new URL(req.url);
  if (!PUBLIC_PAGE.test(url.pathname) || url.searchParams.has("_rsc")) return null;
  const h = req.headers;
  if (h.get("rsc") || h.get("next-router-prefetch") || h.get("next-action")) return null;
  // A browser says what it fetches: only a document navigation gets a document (an RSC fetch is "empty").
  const dest = h.get("sec-fetch-dest");
  if (dest && dest !== "document") return null;
  const cookie = h.get("cookie") ?? "";
  if (!SESSION_COOKIES.some((name) => cookie.includes(`${name}=`) || cookie.includes(`${name}.0=`))) return "anon";
  return "session";
}

/** The page-cache key of a URL for a class (anonymous keys are the bare path, as before). */
const cacheKey = (cls: PageClass, url: string) => (cls === "anon" ? keyOf(url) : `${cls}|${keyOf(url)}`);
/** The stamp on a response to be stored: the class and the version it is rendered under. */
const stamp = (cls: PageClass, version: string) => `${cls}|${version}`;

const keyOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

/**
 * Renders in progress, per page and version, so that after a write the visitors who miss the same page
 * wait for one render instead of rendering it side by side (see VersionedCache.load for why a waiter
 * still sees every write committed before it asked). A render that never reaches `storePage` (an error,
 * a redirect, a closed connection) releases its waiters after RENDER_WAIT_MS; they then render themselves.
 */
type Flight = { promise: Promise<Entry | null>; resolve: (e: Entry | null) => void };
const RENDER_WAIT_MS = 5_000;
const g = globalThis as unknown as { __forumPageFlights?: Map<string, Flight> };
const flights = (g.__forumPageFlights ??= new Map());
const flightKey = (version: string, key: string) => `${version}\u0000${key}`;

function startFlight(fk: string): void {
  let resolve!: (e: Entry | null) => void;
  const promise = new Promise<Entry | null>((r) => (resolve = r));
  flights.set(fk, { promise, resolve });
  setTimeout(() => endFlight(fk, null), RENDER_WAIT_MS).unref?.();
}

function endFlight(fk: string, entry: Entry | null): void {
  const f = flights.get(fk);
  if (!f) return;
  flights.delete(fk);
  f.resolve(entry);
}

/**
 * For the proxy: the cached document as a Response, or the version to stamp on the response that will
 * be rendered (so `storePage` can keep it), or null when the request does not take part.
 */
export async function lookupPage(req: RequestLike): Promise<{ hit: Response } | { version: string; shell: string | null } | null> {
  let cls = pageClass(req);
  if (!cls) return null;
  const path = new URL(req.url).pathname;
  const post = POST_PAGE.exec(path);
  let version: string;
  if (cls === "session") {
    // A member's page: shared by every member who sees what they see (the session is checked here, as
    // on every request). Staff pages are rendered; so are a member's own post and profile.
    const viewer = await sessionViewer(cookieFromHeader(req.headers.get("cookie")));
    if (!viewer || isModerator(viewer)) return null;
    if (post) {
      const p = await memberPostPage(Number(post[1]), viewer.id);
      if (!p.shared) return null;
      cls = "member";
      version = p.version;
    } else {
      // Lists and profiles: a member with private posts of their own sees them there (their own entry).
      const l = await memberListPage(path, viewer.id);
      if (!l || l.own) return null;
      cls = l.hasPrivate ? `u${viewer.id}` : "member";
      version = l.version;
    }
  } else {
    const v = post ? await postPageVersion(Number(post[1])) : await listPageVersion(path);
    if (!v) return null;
    version = v;
  }
  const key = cacheKey(cls, req.url);
  const render = { version: stamp(cls, version), shell: cls === "anon" ? null : cls };
  let entry = pages().get(key, version);
  if (!entry) {
    const fk = flightKey(version, key);
    const inflight = flights.get(fk);
    if (!inflight) {
      startFlight(fk);
      return render;
    }
    entry = (await inflight.promise) ?? undefined;
    if (!entry) return render;
  }
  // A member's view of a shared post page is counted by their page-state request.
  if (post && cls === "anon") {
    await countPostView({ id: Number(post[1]), authorId: 0, viewer: null, key: viewerKeyForAddress(clientIp(req.headers)) });
  }
  const headers = new Headers(entry.headers);
  headers.set("x-forum-cache", "hit");
  // Sent as stored. Next.js drops Content-Encoding from a proxy's response (and would compress the body
  // again): the HTTP hook sets it from STORED_ENCODING_HEADER, and `no-transform` keeps Next.js's
  // compression off the body until then (the hook takes it away again).
  const gzip = acceptsGzip(req.headers.get("accept-encoding"));
  if (gzip) {
    headers.set(STORED_ENCODING_HEADER, "gzip");
    const cc = headers.get("cache-control");
    headers.set("cache-control", cc ? `${cc}, no-transform` : "no-transform");
  }
  return { hit: new Response(new Uint8Array(gzip ? entry.gzip : entry.body), { status: 200, headers }) };
}

/** Whether an Accept-Encoding header accepts gzip (named, or `*`, and not with q=0). */
function acceptsGzip(header: string | null): boolean {
  if (!header) return false;
  let star = false;
  for (const part of header.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";").map((x) => x.trim());
    const q = params.find((p) => p.startsWith("q="));
    const ok = !q || Number(q.slice(2)) > 0;
    if (name === "gzip" || name === "x-gzip") return ok;
    if (name === "*") star = ok;
  }
  return star;
}

/**
 * For the HTTP hook, once a page is complete: keeps the document if the proxy marked it with the
 * version it was rendered under, removes the mark, and hands the document to visitors waiting for it.
 * `body` is the decoded HTML; `gzipped`, the bytes sent when they were gzip (kept, not compressed again).
 */
export function storePage(request: IncomingMessage, response: ServerResponse, body: Buffer, gzipped?: Buffer): void {
  const stamped = response.getHeader(PAGE_VERSION_HEADER);
  if (stamped === undefined) return;
  response.removeHeader(PAGE_VERSION_HEADER);
  const [cls, version] = String(stamped).split("|", 2) as [PageClass, string];
  const key = cacheKey(cls, `http://x${request.url ?? "/"}`);
  const fk = flightKey(version, key);
  if (response.statusCode !== 200 || response.getHeader("set-cookie") !== undefined || body.length > MAX_BYTES) return endFlight(fk, null);
  const headers: [string, string][] = [];
  for (const [k, v] of Object.entries(response.getHeaders())) {
    if (v === undefined || TRANSFER_HEADERS.has(k.toLowerCase())) continue;
    headers.push([k, Array.isArray(v) ? v.join(", ") : String(v)]);
  }
  // Hits are sent gzipped or not by Accept-Encoding (lookupPage): said once here, not on every hit.
  const vary = headers.find(([k]) => k.toLowerCase() === "vary");
  if (!vary) headers.push(["vary", "Accept-Encoding"]);
  else if (!/accept-encoding/i.test(vary[1])) vary[1] += ", Accept-Encoding";
  const entry = { body, gzip: gzipped ?? gzipSync(body), headers };
  pages().set(key, version, entry);
  endFlight(fk, entry);
}
