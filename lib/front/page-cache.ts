import { randomBytes } from "node:crypto";
import { request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import { cookieFromHeader, SESSION_COOKIES, sessionViewer } from "@/lib/api/caller";
import { clientIp } from "@/lib/api/client-ip";
import { readCachesEnabled, versionedCache } from "@/lib/cache/content-version";
import { listScope, memberListPage, memberPostPage, postPageVersion, listPageVersion } from "@/lib/cache/page-versions";
import { servedUntilAhead, setAheadSource, type AheadPage } from "@/lib/cache/render-ahead";
import { processSecret, sharedRenderValue, type SharedClass } from "@/lib/cache/shared-render";
import { SITE_DEFAULT_LOCALE_HEADER } from "@/lib/i18n/site-default";
import { DEFAULT_LOCALE, localeFromAcceptLanguage, localeFromCookieHeader, localeFromUrl, type Locale } from "@/lib/i18n/locale";
import { isModerator } from "@/lib/permissions";
import { countPostView, viewerKeyForAddress } from "@/lib/services/posts/detail";
import { env } from "@/lib/env";

/**
 * The page cache (the contract: lib/cache/README.md): whole HTML documents of the public
 * pages (home, category, tag, post, profile) as an anonymous visitor gets them, and as signed-in
 * members who are not staff share them, per process, served without rendering.
 *
 * An entry is stored under the version read *before* its page was rendered and served only while that
 * is still the current version (lib/cache/page-versions.ts: a post page's is its post's and
 * "everything"; a list's or profile's is its scope's and "all lists"), and every committed write stamps
 * the versions of what it changed before it returns. So a write through any process is on the next load
 * of every page in every process (a hot list page of the writing process excepted, for the time of one
 * render ahead: lib/cache/render-ahead.ts), and the cost of a hit is one tiny query, shared by the
 * requests that ask at the same time.
 *
 * - The HTTP front (lib/front/index.ts, page-hits.ts) asks `pageCandidate` as a request arrives and
 *   `lookupPage` before Next.js sees it, and sends a hit itself (`sendPage`): a hit never enters Next.js. Document
 *   requests (GET, not an RSC request) take part: anonymous ones keyed by URL; a signed-in member's
 *   keyed by class and URL (SharedClass: every member who is not staff shares one entry; on lists and
 *   profiles a member with private posts of their own gets their own). Staff pages, a member's own post
 *   (they may edit it, see it unpublished) or a post where they have a hidden comment (shown to them
 *   alone), their own profile, and RSC requests (client navigation, refresh) are rendered as usual.
 * - On a miss, the front lets Next.js render the page with the stamp (key and version) in hand and the
 *   shared-render header set (lib/cache/shared-render.ts: the page reads as pageReader() says,
 *   lib/cache/page-reader.ts), holds the finished document (it holds every HTML page until it is
 *   complete anyway, for its CSP) and gives it to `storePage`, which keeps it if it is a plain 200
 *   without cookies. The browser asks for what is the member's own (components/layout/shell-marks.tsx).
 * - Entries keep the document gzipped as well (the render's own compressed bytes when it was sent
 *   gzipped), and the whole response head of a hit (CSP included): a hit for a client that accepts gzip
 *   is sent as stored, not compressed again per hit.
 * - A cached post page still counts its view (view counters are not content: cached lists and pages
 *   may show a count that lags until the next write, as the API caches do).
 */
/** `body`: the decoded HTML; `gzip`: the same, gzipped; the response head of a hit, as a flat list, each way. */
type Entry = { body: Buffer; gzip: Buffer; plainHead: string[]; gzipHead: string[]; hits: number; lastHit: number };
const pages = () => versionedCache<Entry>("pages", env().PAGE_CACHE_ENTRIES);
const MAX_BYTES = 1024 * 1024;
const PUBLIC_PAGE = /^\/(?:|c\/\d{1,9}|t\/\d{1,9}|posts\/\d{1,9}|u\/[^/?]{1,64})(?:\?|$)/;
const POST_PAGE = /^\/posts\/(\d{1,9})(?:\?|$)/;
/** Response headers that describe one transfer, not the document. */
const TRANSFER_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "set-cookie",
  "content-security-policy",
]);

export type PageCandidate = "anon" | "session";

const header = (req: IncomingMessage, name: string): string | null => {
  const v = req.headers[name];
  return v === undefined ? null : Array.isArray(v) ? v.join(", ") : v;
};
/** The request's headers as the few readers here need them (`get`), without copying them. */
const headerReader = (req: IncomingMessage): Pick<Headers, "get"> => ({ get: (name: string) => header(req, name.toLowerCase()) });

/**
 * For the HTTP front, synchronously, as a request arrives: whether it takes part in the page cache at
 * all (a document GET of a public page, not an RSC request), and as whom: `anon` without a session
 * cookie, else `session` (lookupPage reads the session).
 */
export function pageCandidate(req: IncomingMessage): PageCandidate | null {
  const url = req.url ?? "";
  if (req.method !== "GET" || !PUBLIC_PAGE.test(url) || !readCachesEnabled()) return null;
  if (/[?&]_rsc(?:[=&]|$)/.test(url)) return null;
  const h = req.headers;
  if (h.rsc || h["next-router-prefetch"] || h["next-action"]) return null;
  // A browser says what it fetches: only a document navigation gets a document (an RSC fetch is "empty").
  const dest = header(req, "sec-fetch-dest");
  if (dest && dest !== "document") return null;
  const cookie = header(req, "cookie") ?? "";
  if (!SESSION_COOKIES.some((name) => cookie.includes(`${name}=`) || cookie.includes(`${name}.0=`))) return "anon";
  return "session";
}

/**
 * The page-cache key of a URL (path and query) for a class (anonymous keys are the bare URL) in a language:
 * English keys are as they were; another language's start with it and a space (a URL has no raw space).
 */
const cacheKey = (cls: SharedClass, url: string, locale: Locale = DEFAULT_LOCALE) => {
  const key = cls === "anon" ? url : `${cls}|${url}`;
  return locale === DEFAULT_LOCALE ? key : `${locale} ${key}`;
};
/** A key's language and the rest of it. */
const keyLocale = (key: string): [Locale, string] => {
  const sp = key.indexOf(" ");
  return sp < 0 ? [DEFAULT_LOCALE, key] : [key.slice(0, sp) as Locale, key.slice(sp + 1)];
};
/**
 * The language a document request is rendered in, as i18n/request.ts chooses it (the URL's `?hl=`, the
 * `lang` cookie, then Accept-Language, then English): a few header reads, no database.
 */
export const requestLocale = (req: IncomingMessage): Locale =>
  localeFromUrl(req.url) ??
  localeFromCookieHeader(header(req, "cookie")) ??
  localeFromAcceptLanguage(header(req, "accept-language")) ??
  // The admin's default language as the front stamped it (lib/i18n/site-default.ts), else English.
  ((header(req, SITE_DEFAULT_LOCALE_HEADER) as Locale | undefined) || DEFAULT_LOCALE);
/** What a response to be stored carries: its key and the version it is rendered under (`ahead`: asked for by this process after a write). */
export type PageStamp = { key: string; version: string; ahead?: string };
/** What a render for the cache needs: its stamp, and the value of the shared-render header. */
export type SharedRender = { stamp: PageStamp; shared: string };

/**
 * Renders in progress, per page and version, so that after a write the visitors who miss the same page
 * wait for one render instead of rendering it side by side (see VersionedCache.load for why a waiter
 * still sees every write committed before it asked). A render that never reaches `storePage` (an error,
 * a redirect, a closed connection) releases its waiters (releasePage), at the latest after RENDER_WAIT_MS;
 * they then render themselves.
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
 * For the HTTP front, when a stamped render ends without a document to store (a redirect, anything
 * that is not HTML, a connection closed first): visitors waiting for it render themselves at once.
 */
export function releasePage(stamp: PageStamp): void {
  endFlight(flightKey(stamp.version, stamp.key), null);
  if (stamp.ahead) aheads.get(stamp.ahead)?.finish();
}

/**
 * For the HTTP front, before Next.js sees a candidate request: the cached document (`entry`, to send
 * with `sendPage`), or what the render needs (SharedRender), or null when the request is rendered as usual.
 */
export async function lookupPage(req: IncomingMessage, candidate: PageCandidate): Promise<{ entry: Entry } | SharedRender | null> {
  const url = req.url ?? "/";
  const path = url.split("?", 1)[0]!;
  const post = POST_PAGE.exec(url);
  let cls: SharedClass;
  let version: string;
  if (candidate === "session") {
    // A member's page: shared by every member who sees what they see (the session is checked here, as
    // on every request). Staff pages are rendered; so are a member's own post and profile.
    const viewer = await sessionViewer(cookieFromHeader(header(req, "cookie")));
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
    cls = "anon";
    const v = post ? await postPageVersion(Number(post[1])) : await listPageVersion(path);
    if (!v) return null;
    version = v;
  }
  const key = cacheKey(cls, url, requestLocale(req));
  const render: SharedRender = { stamp: { key, version }, shared: sharedRenderValue(cls) };
  let entry = pages().get(key, version);
  if (!entry && !post) {
    // A hot list page whose render ahead is on its way: the page from before the writes waiting for it.
    const scope = listScope(path);
    const newest = scope === null ? undefined : pages().peek(key);
    if (newest && servedUntilAhead(key, scope!, version, newest.version)) entry = newest.value;
  }
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
  // Only list pages are rendered ahead, so only their hits are counted (post pages are most hits).
  if (!post) noteHit(key, entry);
  // A member's view of a shared post page is counted by their page-state request.
  if (post && cls === "anon") {
    await countPostView({ id: Number(post[1]), authorId: 0, viewer: null, key: viewerKeyForAddress(clientIp(headerReader(req))) });
  }
  return { entry };
}

/**
 * Sends a cached document as stored, straight to Node's response: gzipped to a client that accepts gzip.
 */
export function sendPage(req: IncomingMessage, res: ServerResponse, entry: Entry): void {
  const gzip = acceptsGzip(header(req, "accept-encoding"));
  res.writeHead(200, gzip ? entry.gzipHead : entry.plainHead);
  res.end(gzip ? entry.gzip : entry.body);
}

/** Whether an Accept-Encoding header accepts gzip (named, or `*`, and not with q=0). */
function acceptsGzip(header: string | null): boolean {
  if (!header) return false;
  let star = false;
  for (const part of header.toLowerCase().split(",")) {
    const [name, ...params] = part
      .trim()
      .split(";")
      .map((x) => x.trim());
    const q = params.find((p) => p.startsWith("q="));
    const ok = !q || Number(q.slice(2)) > 0;
    if (name === "gzip" || name === "x-gzip") return ok;
    if (name === "*") star = ok;
  }
  return star;
}

/**
 * For the HTTP front, once a page it let through with a stamp is complete: keeps the document if it is a
 * plain 200 without cookies, and hands it to visitors waiting for it. `body` is the decoded HTML;
 * `gzipped`, the bytes sent when they were gzip (kept, not compressed again); `csp`, its policy.
 */
export function storePage(stamp: PageStamp, response: ServerResponse, body: Buffer, gzipped: Buffer | undefined, csp: string): void {
  const entry =
    response.statusCode !== 200 || response.getHeader("set-cookie") !== undefined || body.length > MAX_BYTES
      ? null
      : toEntry(response, body, gzipped, csp);
  if (entry) pages().set(stamp.key, stamp.version, entry);
  endFlight(flightKey(stamp.version, stamp.key), entry);
  if (stamp.ahead) aheads.get(stamp.ahead)?.finish();
}

function toEntry(response: ServerResponse, body: Buffer, gzipped: Buffer | undefined, csp: string): Entry {
  const head: string[] = [];
  let vary = "";
  for (const [k, v] of Object.entries(response.getHeaders())) {
    if (v === undefined || TRANSFER_HEADERS.has(k.toLowerCase())) continue;
    const value = Array.isArray(v) ? v.join(", ") : String(v);
    if (k.toLowerCase() === "vary") vary = value;
    else head.push(k, value);
  }
  // Hits are sent gzipped or not by Accept-Encoding (sendPage).
  head.push("vary", vary ? (/accept-encoding/i.test(vary) ? vary : `${vary}, Accept-Encoding`) : "Accept-Encoding");
  head.push("x-forum-cache", "hit", "content-security-policy", csp);
  const gzip = gzipped ?? gzipSync(body);
  return {
    body,
    gzip,
    plainHead: [...head, "content-length", String(body.length)],
    gzipHead: [...head, "content-encoding", "gzip", "content-length", String(gzip.length)],
    hits: 0,
    lastHit: 0,
  };
}

/*
 * Hot list pages, rendered again after a write by this process (lib/cache/render-ahead.ts decides when;
 * this is how): a list page is hot while its entry has been served at least AHEAD_MIN_HITS times, the
 * last within HOT_MS. The render is a request to this process's own server (an `x-forum-ahead` header:
 * the process's secret and an id, removed from every other request), answered without its body: the
 * front hands the document to storePage, which keeps it under the version read before the render.
 * Lists only: a post page reads the Post object that the same write made stale, so it is rendered by its
 * first visitor after the write.
 */
const AHEAD_HEADER = "x-forum-ahead";
const AHEAD_MIN_HITS = 2;
const HOT_MS = 5_000;
const AHEAD_WAIT_MS = 3_000;
type Ahead = { key: string; version: string; cls: "anon" | "member"; finish: () => void };
type AheadState = { server?: Server; aheads: Map<string, Ahead>; hotLists: Set<string> };
const ga = globalThis as unknown as { __forumPageAhead?: AheadState };
const ahead: AheadState = (ga.__forumPageAhead ??= { aheads: new Map(), hotLists: new Set() });
const aheads = ahead.aheads;

/** The list page of a page-cache key rendered ahead (home, c<id>, t<id>), for the anonymous and the members' shared pages; else null. */
function listKey(key: string): AheadPage | null {
  const rest = keyLocale(key)[1];
  const bar = rest.indexOf("|");
  const cls = bar < 0 ? "anon" : rest.slice(0, bar);
  const url = bar < 0 ? rest : rest.slice(bar + 1);
  // Bare list URLs only: a page with a query (another tab, page, filter) is rendered by its visitors.
  const scope = listScope(url);
  if (scope === null || (cls !== "anon" && cls !== "member")) return null;
  return { key, url, cls, scope };
}

/** Counts a hit of a cached list or profile page; list pages join the candidates for rendering ahead. */
function noteHit(key: string, entry: Entry): void {
  entry.hits++;
  entry.lastHit = Date.now();
  if (ahead.hotLists.has(key) || !listKey(key)) return;
  if (ahead.hotLists.size >= 64) ahead.hotLists.delete(ahead.hotLists.values().next().value!);
  ahead.hotLists.add(key);
}

/** The list pages that are hot now (the entry cached for them served often and lately), most served first. */
function hotListPages(now = Date.now()): AheadPage[] {
  const hot: (AheadPage & { hits: number })[] = [];
  for (const key of ahead.hotLists) {
    const e = pages().peek(key)?.value;
    if (!e || now - e.lastHit > HOT_MS) {
      if (!e || now - e.lastHit > 10 * HOT_MS) ahead.hotLists.delete(key);
      continue;
    }
    const page = listKey(key);
    if (page && e.hits >= AHEAD_MIN_HITS) hot.push({ ...page, hits: e.hits });
  }
  return hot.sort((a, b) => b.hits - a.hits).map(({ hits: _, ...page }) => page);
}

/**
 * For the HTTP front, once it stands in front of a server: that server renders this process's hot
 * list pages after writes (registered here, at start-up, with lib/cache/render-ahead.ts).
 */
export function pageCacheServer(server: Server): void {
  ahead.server = server;
  setAheadSource({ hot: () => (readCachesEnabled() ? hotListPages() : []), render: renderAheadOne });
}

/**
 * For the HTTP front, as a request arrives: removes the render-ahead header from every request, and for a
 * request this process sent itself (its secret), what the render needs.
 */
export function aheadRequest(req: IncomingMessage): SharedRender | null {
  const value = header(req, AHEAD_HEADER);
  if (value === null) return null;
  delete req.headers[AHEAD_HEADER];
  const [secret, id] = value.split(" ");
  const a = id ? aheads.get(id) : undefined;
  if (secret !== processSecret() || !a) return null;
  return { stamp: { key: a.key, version: a.version, ahead: id }, shared: sharedRenderValue(a.cls, true) };
}

/**
 * Renders one page in this process's own server under `version`, as its first visitor after the writes
 * would, unless a visitor's render of that version is already on its way. Asked gzipped: the server's
 * streaming compression runs on libuv's thread pool, where a gzip of the whole document in toEntry would
 * take the thread that serves the hits.
 */
function renderAheadOne(page: AheadPage, version: string): Promise<void> {
  const addr = ahead.server?.address();
  if (!addr || typeof addr === "string") return Promise.resolve();
  const fk = flightKey(version, page.key);
  const inflight = flights.get(fk);
  if (inflight) return inflight.promise.then(() => {});
  if (pages().peek(page.key)?.version === version) return Promise.resolve();
  startFlight(fk);
  const host = addr.address === "::" ? "::1" : addr.address === "0.0.0.0" ? "127.0.0.1" : addr.address;
  const id = randomBytes(12).toString("base64url");
  return new Promise((resolve) => {
    const finish = () => {
      if (!aheads.delete(id)) return;
      clearTimeout(timer);
      // Not stored (an error, a timeout): the visitors waiting for it render themselves.
      endFlight(fk, null);
      resolve();
    };
    const timer = setTimeout(() => {
      finish();
      req.destroy();
    }, AHEAD_WAIT_MS);
    aheads.set(id, { key: page.key, version, cls: page.cls, finish });
    const req = httpRequest(
      {
        host,
        port: addr.port,
        path: page.url,
        headers: {
          [AHEAD_HEADER]: `${processSecret()} ${id}`,
          accept: "text/html",
          "accept-encoding": "gzip",
          "sec-fetch-dest": "document",
          // Rendered in the language of its key (i18n/request.ts reads Accept-Language without a cookie).
          "accept-language": keyLocale(page.key)[0],
        },
      },
      (res) => {
        res.resume();
        res.on("end", finish);
        res.on("error", finish);
      },
    );
    req.on("error", finish);
    req.end();
  });
}
