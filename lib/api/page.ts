import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { AppError } from "@/lib/errors";
import { statusOf } from "@/lib/api/errors";
import { viewClient, type ViewClient } from "@/lib/api/caller";

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
