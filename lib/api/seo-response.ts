import "server-only";

/**
 * A crawler's file (robots.txt, a sitemap): public, the same for everyone, kept 5 minutes by a crawler
 * or proxy (a sitemap that lags a new post by minutes costs nothing: crawlers read them hours apart).
 */
export function crawlerFile(req: Request, body: string, contentType: string): Response {
  return new Response(req.method === "HEAD" ? null : body, {
    headers: { "content-type": contentType, "cache-control": "public, max-age=300" },
  });
}

/** The 404 of a sitemap that does not exist, as XML readers expect nothing: a plain-text body. */
export const noSuchFile = () => new Response("Not found\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
