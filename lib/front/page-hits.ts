import type { IncomingMessage, ServerResponse } from "node:http";
import { SHARED_RENDER_HEADER } from "@/lib/cache/shared-render";
import { hashPageScripts } from "@/lib/front/csp";
import { countPageCache } from "@/lib/front/metrics";
import { lookupPage, sendPage, type PageCandidate, type SharedRender } from "@/lib/front/page-cache";

type Next = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The page cache's hit path (lib/front/page-cache.ts; its contract: lib/cache/README.md): a candidate
 * page request is looked up first, and a hit is sent here, never reaching Next.js. Anything else goes
 * to Next.js, a page rendered for the cache marked as the shared page to render (the page reads as its
 * shared reader, lib/cache/page-reader.ts) and held for its CSP and the cache (hashPageScripts).
 * `candidate` is either a kind of visitor to look up or, for a render this process asked for itself
 * after a write (aheadRequest), the stamp and shared reader already known.
 */
export async function answerPage(
  req: IncomingMessage,
  res: ServerResponse,
  candidate: PageCandidate | SharedRender,
  next: Next,
): Promise<void> {
  let r: Awaited<ReturnType<typeof lookupPage>> = null;
  try {
    r = typeof candidate === "object" ? candidate : await lookupPage(req, candidate);
  } catch (err) {
    // A database hiccup: render as usual.
    console.error("[page-cache] lookup failed; rendering", err);
  }
  try {
    countPageCache(typeof candidate === "object" ? "ahead" : r && "entry" in r ? "hit" : r ? "miss" : "bypass");
    if (r && "entry" in r) return sendPage(req, res, r.entry);
    if (r) req.headers[SHARED_RENDER_HEADER] = r.shared;
    hashPageScripts(req, res, r?.stamp);
    next(req, res);
  } catch (err) {
    // Never an unhandled rejection (it would end the process): this one request fails.
    console.error("[page-cache] could not answer a page request", err);
    if (!res.headersSent) {
      res.statusCode = 500;
      res.end();
    } else res.destroy();
  }
}
