import "server-only";
import { siteOrigin } from "@/lib/api/origin";

/**
 * Every image and link the API answers is an absolute URL (docs/api.md §5): a client on
 * another origin (OpenIsle's Nuxt client, a bot, the MCP server) resolves `/uploads/…` against its own
 * address otherwise. The services and the caches keep site-relative paths (what our pages render,
 * whatever address the site is reached at, and what the read caches share between requests); the
 * edge makes them absolute as each API answer leaves `route()`, from PUBLIC_URL, else the origin the
 * request came to. One place, so no DTO builder can forget it.
 *
 * The fields: user avatars (`avatar`, a change-log entry's `userAvatar`), category and tag `icon` /
 * `smallIcon` (when they are images: a path; an icon name or an emoji does not start with `/` and is
 * left alone), a point good's `image`, a lottery's `prizeIcon`, and `url` / `fileUrl` / `uploadUrl`
 * (avatar and upload answers). Only a value that starts with one `/` is changed (not `//host`, which
 * is not ours). Markdown `content` is answered as written.
 *
 * It works on the JSON text, so a cached body (lib/cache/list-cache.ts) is served without parsing it
 * again: a key, a colon and an opening quote can only follow each other like this outside a string
 * (inside one, JSON escapes every quote as `\"`), so text inside posts and comments is never touched.
 */
const FIELDS = new Set(["avatar", "userAvatar", "icon", "smallIcon", "image", "prizeIcon", "url", "fileUrl", "uploadUrl"]);
/** How far a hit may be from the key's opening quote: the longest field name, plus one. */
const LONGEST = Math.max(...[...FIELDS].map((f) => f.length)) + 1;

/** The JSON text with every site-relative URL field made absolute under `origin` (no trailing slash). */
export function absolutizeJson(text: string, origin: string): string {
  // A scan for `":"/` with indexOf (a few µs on a page of posts) rather than a regular expression over
  // every character (~170 µs on 50 KB): each hit is checked for one of the field names before it.
  let at = text.indexOf('":"/');
  if (at < 0) return text;
  // The origin as it would appear inside a JSON string.
  const base = JSON.stringify(origin).slice(1, -1);
  let out = "";
  let from = 0;
  for (; at >= 0; at = text.indexOf('":"/', at + 4)) {
    const next = text.charCodeAt(at + 4);
    if (next === 47 || next === 92) continue; // `//host` or `/\`: not a path on this site
    const open = text.lastIndexOf('"', at - 1);
    if (open < 0 || at - open > LONGEST || !FIELDS.has(text.slice(open + 1, at))) continue;
    // The key's opening quote must itself open a key: preceded by `{` or `,` (JSON.stringify has no spaces).
    const before = text.charCodeAt(open - 1);
    if (before !== 123 && before !== 44) continue;
    out += text.slice(from, at + 3) + base;
    from = at + 3;
  }
  return from === 0 ? text : out + text.slice(from);
}

/**
 * absolutizeJson for bodies served again and again (the list caches keep the same string per entry):
 * the rewritten text of the last bodies, per origin, so a cache hit costs a map lookup.
 */
const memo = new Map<string, { origin: string; out: string }>();
const MEMO_ENTRIES = 64;
function absolutizeMemo(text: string, origin: string): string {
  const hit = memo.get(text);
  if (hit?.origin === origin) return hit.out;
  const out = absolutizeJson(text, origin);
  if (memo.size >= MEMO_ENTRIES) memo.delete(memo.keys().next().value!);
  memo.set(text, { origin, out });
  return out;
}

/** Answers already made absolute (the list caches'), which `withAbsoluteUrls` passes as they are. */
const finished = new WeakSet<Response>();

/**
 * A JSON body as the answer to `req`, its URL fields absolute (lib/cache/list-cache.ts). `shared`: the
 * body is a cached string served to many (its rewrite is kept); a body made for one caller is not kept.
 */
export function absoluteJsonResponse(req: Request, body: string, init: ResponseInit, shared = true): Response {
  const origin = siteOrigin(req);
  const res = new Response(shared ? absolutizeMemo(body, origin) : absolutizeJson(body, origin), init);
  finished.add(res);
  return res;
}

/** A site-relative path made absolute for `req` (PUBLIC_URL, else the request's origin); other values as they are. */
export function absoluteFor(req: Request, value: string): string {
  return value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\") ? siteOrigin(req) + value : value;
}

const isJson = (type: string | null) => !!type && /^application\/(?:[\w.+-]+\+)?json\b/i.test(type);

/** A JSON value as the answer to `req`, its URL fields absolute. */
export function jsonAnswer(req: Request, value: unknown, init?: ResponseInit): Response {
  const headers = new Headers(init?.headers);
  if (!headers.has("content-type")) headers.set("content-type", "application/json");
  return new Response(absolutizeJson(JSON.stringify(value) ?? "null", siteOrigin(req)), { ...init, headers });
}

/** A handler's Response with the URL fields of its JSON body absolute (any other body passes as is). */
export async function withAbsoluteUrls(req: Request, res: Response): Promise<Response> {
  if (finished.has(res) || !res.body || !isJson(res.headers.get("content-type"))) return res;
  const text = await res.text();
  const out = absolutizeJson(text, siteOrigin(req));
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  return new Response(out, { status: res.status, statusText: res.statusText, headers });
}
