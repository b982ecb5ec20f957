import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { AppError } from "@/lib/errors";
import { statusOf } from "@/lib/api/errors";
import { viewClient, type ViewClient } from "@/lib/api/caller";
import { storableText } from "@/lib/validation/text";

/**
 * The edge for server-rendered pages, over `next/headers`: pages call services directly with what these
 * return; nothing forges a Request. Who a page is read as (the signed-in member, or the shared reader of
 * a document the page cache keeps) is lib/cache/page-reader.ts's: `pageReader()`, `pageViewer()`.
 */

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

type PageParams = Record<string, string | string[] | undefined>;

/**
 * A page's search params as text the database can hold: a NUL or an unpaired surrogate is
 * written as U+FFFD, so `/search?q=a%00b` searches for a word nothing contains and shows the normal empty
 * result, never a 500. Pages read their search params through this, never `await searchParams` alone.
 */
export async function pageSearchParams<T extends PageParams>(searchParams: Promise<T>): Promise<T> {
  const sp = await searchParams;
  const out: PageParams = {};
  for (const [key, value] of Object.entries(sp))
    out[key] = value === undefined ? undefined : Array.isArray(value) ? value.map(storableText) : storableText(value);
  return out as T;
}

/**
 * True when a value read through pageSearchParams or pageSegment came with text that could not be stored or
 * read (it now holds U+FFFD): no stored text can contain what was asked, so a search for it matches nothing.
 */
export const cameWithBadText = (value: string): boolean => value.includes("\uFFFD");

/**
 * A page's path segment as Next passes it (still percent-encoded), decoded to storable text: a malformed
 * escape (`%E0`, an encoded lone surrogate) reads as U+FFFD instead of throwing, a NUL as U+FFFD, so
 * `/u/a%00b` is the 404 page an unknown name gets.
 */
export function pageSegment(raw: string): string {
  // URLSearchParams decodes as a browser does (bad UTF-8 as U+FFFD, never a URIError); `+` and `&` stay themselves.
  return storableText(new URLSearchParams(`s=${raw.replaceAll("+", "%2B").replaceAll("&", "%26")}`).get("s") ?? "");
}
