import { cache } from "react";
import { cookies, headers } from "next/headers";
import { sessionViewer, viewClient, type ViewClient } from "@/lib/api/caller";
import type { Viewer } from "@/lib/viewer";

/**
 * The edge for server-rendered pages: the same caller helpers as `route()`, over `next/headers`.
 * Pages call services directly with what these return; nothing forges a Request.
 */

/**
 * The signed-in user of the page being rendered (from the Auth.js session cookie only: a page is
 * never bearer-authenticated), or null. Cached per request so the layout and the page share one lookup.
 */
export const pageViewer = cache(async (): Promise<Viewer | null> => {
  const jar = await cookies();
  return sessionViewer((name) => jar.get(name)?.value).catch(() => null);
});

/** The reader's address and fetch destination, for the posts service's view counting. */
export async function pageViewClient(): Promise<ViewClient> {
  return viewClient(await headers());
}
