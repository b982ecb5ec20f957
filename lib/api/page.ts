import { cache } from "react";
import { cookies, headers } from "next/headers";
import { notFound } from "next/navigation";
import { ApiError } from "@/lib/api/errors";
import { sessionViewer, viewClient, type ViewClient } from "@/lib/api/caller";
import type { Viewer } from "@/lib/viewer";
import { getAccountSummary, type AccountSummary } from "@/lib/services/users";

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

/** The signed-in member's summary (header, widgets), read once per request, or null. */
export const pageAccount = cache(async (): Promise<AccountSummary | null> => {
  const viewer = await pageViewer();
  return viewer ? getAccountSummary(viewer.id).catch(() => null) : null;
});

/** The reader's address and fetch destination, for the posts service's view counting. */
export async function pageViewClient(): Promise<ViewClient> {
  return viewClient(await headers());
}

/**
 * A staff page's data: when the service refuses the viewer (401/403) the page is the 404 page, as an
 * unknown URL would be, so a member learns nothing about the admin area. The role rule stays in the service.
 */
export async function orNotFound<T>(data: Promise<T>): Promise<T> {
  try {
    return await data;
  } catch (e) {
    if (e instanceof ApiError && (e.status === 401 || e.status === 403 || e.status === 404)) notFound();
    throw e;
  }
}
