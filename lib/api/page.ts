import { cache } from "react";
import { cookies, headers } from "next/headers";
import { notFound } from "next/navigation";
import { AppError } from "@/lib/errors";
import { statusOf } from "@/lib/api/errors";
import { sessionViewer, viewClient, type ViewClient } from "@/lib/api/caller";
import { SHELL_HEADER, shellToken } from "@/lib/api/page-cache";
import { isModerator } from "@/lib/permissions";
import type { Viewer } from "@/lib/viewer";
import { getAccountSummary, type AccountSummary } from "@/lib/services/users/users";

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

/**
 * When this render is a members' shared page (the HTTP hook asked for it: lib/api/page-cache.ts), the
 * viewer the page is read as: `MEMBERS` (what any member who is not staff sees), or, for a member with
 * ONLY_ME posts of their own, the same with their id (their list or profile page is kept for them
 * alone). Otherwise null. Nothing else of the member who asked is rendered: the header, unread marks
 * and their part of a post are filled in by the browser (components/forum/shell-marks.tsx).
 */
export const pageShell = cache(async (): Promise<Viewer | null> => {
  const [token, cls, ahead] = ((await headers()).get(SHELL_HEADER) ?? "").split(" ");
  if (token !== shellToken()) return null;
  // Rendered ahead by this process for a write (lib/api/page-cache.ts): no member behind the request.
  if (ahead === "ahead") return cls === "member" ? MEMBERS : null;
  const viewer = await pageViewer();
  if (!viewer || isModerator(viewer)) return null;
  if (cls === "member") return MEMBERS;
  return cls === `u${viewer.id}` ? { ...MEMBERS, id: viewer.id } : null;
});

/** "Some member": sees ALL and ONLY_REGISTER posts, owns nothing, has read nothing. */
export const MEMBERS: Viewer = { id: 0, username: "", role: "USER", scopes: ["read"], via: "session" };

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
    if (e instanceof AppError && (statusOf(e) === 401 || statusOf(e) === 403 || statusOf(e) === 404)) notFound();
    throw e;
  }
}
