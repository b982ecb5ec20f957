import { sql } from "drizzle-orm";
import { db, rawRows } from "@/db";
import type { Viewer } from "@/lib/viewer";

/**
 * A per-process cache of the JSON of public (anonymous) list responses, shared-correct across processes:
 * every committed write bumps the `content_version` sequence in Postgres (see `route()` and the
 * scheduler), and an entry is served only while the version read before it was rendered is still the
 * current one. Signed-in callers are never served from it (their `subscribed` and visibility differ).
 * View counters are not writes in this sense: cached lists may show them a little behind.
 */
const MAX_ENTRIES = 500;
type Entry = { version: string; body: string };
const g = globalThis as unknown as { __forumListCache?: Map<string, Entry> };
const cache: Map<string, Entry> = (g.__forumListCache ??= new Map());

export async function contentVersion(): Promise<string> {
  const [row] = await rawRows<{ v: string }>(
    db,
    sql`select last_value::text || (case when is_called then '+' else '' end) as v from content_version`,
  );
  return row?.v ?? "0";
}

/** Marks every cached public list stale, in every process (call after a write has committed). */
export async function bumpContentVersion(): Promise<void> {
  await db.execute(sql`select nextval('content_version')`);
}

/** Serves an anonymous list from the cache when still current, else renders, stores and serves it. */
export async function publicList(req: Request, viewer: Viewer | null, render: () => Promise<unknown>): Promise<Response> {
  if (viewer || process.env.LIST_CACHE === "0") return Response.json(await render());
  const url = new URL(req.url);
  const key = url.pathname + url.search;
  const version = await contentVersion();
  const hit = cache.get(key);
  if (hit && hit.version === version) {
    cache.delete(key);
    cache.set(key, hit);
    return new Response(hit.body, { headers: { "content-type": "application/json", "x-cache": "hit" } });
  }
  const body = JSON.stringify(await render());
  cache.set(key, { version, body });
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return new Response(body, { headers: { "content-type": "application/json", "x-cache": "miss" } });
}

export function clearListCache(): void {
  cache.clear();
}
