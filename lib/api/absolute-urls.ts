import "server-only";
import { siteOrigin } from "@/lib/api/origin";

/**
 * Every image and link the API answers is an absolute URL (API.md §5, issue 46 item 8): a client on
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
 * It works on the JSON text, so a cached body (lib/api/list-cache.ts) is served without parsing it
 * again: the key, a colon and an opening quote can only follow each other like this outside a string
 * (inside one, JSON escapes every quote as `\"`), so text inside posts and comments is never touched.
 */
const FIELDS = ["avatar", "userAvatar", "icon", "smallIcon", "image", "prizeIcon", "url", "fileUrl", "uploadUrl"] as const;
const SITE_PATH = new RegExp(`"(${FIELDS.join("|")})":"/(?![/\\\\])`, "g");

/** The JSON text with every site-relative URL field made absolute under `origin` (no trailing slash). */
export function absolutizeJson(text: string, origin: string): string {
  if (!text.includes(':"/')) return text;
  // The origin as it would appear inside a JSON string.
  const base = JSON.stringify(origin).slice(1, -1);
  return text.replace(SITE_PATH, (_, key: string) => `"${key}":"${base}/`);
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
  if (!res.body || !isJson(res.headers.get("content-type"))) return res;
  const text = await res.text();
  const out = absolutizeJson(text, siteOrigin(req));
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  return new Response(out, { status: res.status, statusText: res.statusText, headers });
}
