import "server-only";
import type { Feed } from "@/lib/services/posts/rss";

/**
 * A feed as the answer to `req`: its content type, validators for conditional GETs (a reader that
 * polls gets a 304 while nothing changed), and no freshness lifetime, so that neither a reader nor a
 * proxy serves a copy older than the feed (the cause of "last built 3 weeks ago" was the channel's
 * date, not a cache, but a lifetime would make a new post wait for it).
 */
export function feedResponse(req: Request, feed: Feed): Response {
  const headers = new Headers({
    "content-type": feed.contentType,
    "cache-control": "public, no-cache",
    etag: feed.etag,
    "last-modified": feed.lastModified.toUTCString(),
  });
  const match = req.headers.get("if-none-match");
  if (match && match.split(",").some((t) => t.trim().replace(/^W\//, "") === feed.etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(req.method === "HEAD" ? null : feed.body, { headers });
}
