import { cache } from "react";
import { cookies, headers } from "next/headers";
import { sessionViewer } from "@/lib/api/caller";
import { readFromFor } from "@/lib/api/read-from";
import { fillFrom, type ReadFrom } from "@/db/replicas";
import { SHARED_RENDER_HEADER, sharedClassOf } from "@/lib/cache/shared-render";
import { getAccountSummary, type AccountSummary } from "@/lib/services/users/users";
import type { Viewer } from "@/lib/viewer";
import { setting } from "@/lib/env";

/**
 * Who a server-rendered page is read as (lib/cache/README.md, "What a shared render may read").
 *
 * The public pages (home, category, tag, post, profile) may be rendered for the page cache, which
 * keeps the document for every anonymous visitor or every member: such a render must read nothing of
 * the member who happened to ask. Those pages (and what they render: the header, the post list) ask
 * `pageReader()`, which in a shared render answers from the render's class alone (`MEMBERS`, or no
 * one) and never reads the session. Pages that are never shared (settings, admin, the composer…) ask
 * `pageViewer()`; in a shared render it throws in development and tests (and in production logs and
 * answers null, so the document holds nothing of anyone's).
 */

/** "Some member": sees ALL and ONLY_REGISTER posts, owns nothing, has read nothing. */
export const MEMBERS: Viewer = { id: 0, username: "", role: "USER", scopes: ["read"], via: "session" };

export type PageReader = {
  /** The viewer the page's data is read as: null (anonymous), MEMBERS (with a member's id on their own shared lists), or the signed-in member on a page rendered for them alone. */
  viewer: Viewer | null;
  /** The document is kept for others too: render nothing that is the member's own (the browser fills it in: components/layout/shell-marks.tsx). */
  shared: boolean;
  /**
   * Where the page's stale-tolerant reads may go (db/replicas.ts): for a render for the page cache, a replica
   * only once it has replayed what the primary had after the front read the page's version (a filled entry
   * is never older than its version); for a page of the member's own, "primary" until their last write has
   * replayed (lib/api/read-from.ts).
   */
  readFrom: ReadFrom;
};

/** The class of shared document this render is for, from the header the HTTP front sets (lib/front/page-cache.ts), or null. */
const sharedClass = cache(async () => sharedClassOf((await headers()).get(SHARED_RENDER_HEADER)));

/** The signed-in member by the Auth.js session cookie (a page is never bearer-authenticated), or null. */
const sessionOfPage = cache(async (): Promise<Viewer | null> => {
  const jar = await cookies();
  return sessionViewer((name) => jar.get(name)?.value).catch(() => null);
});

/**
 * How a public page reads its data: as its shared reader in a render for the page cache, else as the
 * signed-in member. Cached per request.
 */
export const pageReader = cache(async (): Promise<PageReader> => {
  const cls = await sharedClass();
  if (cls === null) {
    const viewer = await sessionOfPage();
    return { viewer, shared: false, readFrom: readFromFor(await headers(), viewer) };
  }
  const readFrom = await fillFrom("replica");
  if (cls === "anon") return { viewer: null, shared: true, readFrom };
  // A member with ONLY_ME posts of their own: their lists, kept for them alone, still hold nothing else of theirs.
  return { viewer: cls === "member" ? MEMBERS : { ...MEMBERS, id: Number(cls.slice(1)) }, shared: true, readFrom };
});

/** Whether a misuse throws: in development and tests, and wherever PAGE_READER_STRICT=1 (the browser tests' server). */
const strict = () => process.env.NODE_ENV !== "production" || setting("PAGE_READER_STRICT") === "1";

/** Thrown when a shared render asks for the member who asked. */
export class SharedRenderError extends Error {}

/**
 * The signed-in member, for a page that is never shared. Asked during a shared render (a public page
 * that should have asked pageReader()), it throws in development and tests; in production it logs and
 * answers null. Cached per request, so the layout and the page share one lookup.
 */
export const pageViewer = cache(async (): Promise<Viewer | null> => {
  const cls = await sharedClass();
  if (cls !== null) {
    const message = `pageViewer() in a shared render (kept for ${cls === "anon" ? "every anonymous visitor" : "every member"}): read the page with pageReader()`;
    if (strict()) throw new SharedRenderError(message);
    console.error(`[page-reader] ${message}`);
    return null;
  }
  return sessionOfPage();
});

/** The signed-in member's summary (header, widgets), read once per request, or null. Never in a shared render (see pageViewer). */
export const pageAccount = cache(async (): Promise<AccountSummary | null> => {
  const viewer = await pageViewer();
  return viewer ? getAccountSummary(viewer.id).catch(() => null) : null;
});
