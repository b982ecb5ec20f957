import { sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { db, rawRows } from "@/db";
import { setting } from "@/lib/env";

/**
 * The content version: a Postgres sequence bumped after every committed write, in the statement that
 * stamps the pages the write changed (lib/cache/page-versions.ts stampVersions, the caches' listener:
 * lib/cache/listeners.ts). The per-process read caches (API lists, comments, change logs) keep an entry
 * only while the version read before it was rendered is still the current one, so a write through any
 * process makes every such entry in every process stale. View counters are not writes in this sense.
 */
export const versionSql = sql`(select last_value::text || (case when is_called then '+' else '' end) from content_version)`;

export async function contentVersion(): Promise<string> {
  const [row] = await rawRows<{ v: string }>(db, sql`select ${versionSql} as v`);
  return row?.v ?? "0";
}

/** Marks every cached entry stale, in every process (call after a write has committed). */
export async function bumpContentVersion(): Promise<void> {
  await db.execute(sql`select nextval('content_version')`);
}

/** `LIST_CACHE=0` turns every read cache off (the test suites do, since they also write rows directly). */
export const readCachesEnabled = () => setting("LIST_CACHE") !== "0";

/**
 * An LRU (lru-cache, bounded by entries) of entries tagged with the version they were rendered under, with
 * single-flight loading: after a write, the many requests that miss the same key under the new version
 * wait for one render instead of each rendering it (one per connection otherwise). A waiter only ever
 * receives a value rendered under the version it read itself, so it sees every write that had committed
 * before it asked. That is why the single flight is keyed here by version and key, and not lru-cache's
 * `fetchMethod`: its `fetch` joins a fetch already under way for the key whatever version that one reads.
 *
 * Each key also keeps the entry it had before its newest one, for PREVIOUS_MS: requests whose version
 * was read just before a write's stamp still arrive after the new entry is stored (their answers were
 * on the way). They get the entry of the version they read, which is theirs to see, instead of missing,
 * throwing the new entry away and rendering the old version again (the next request then rendered the
 * new one again too).
 */
const PREVIOUS_MS = 1_000;
type Versioned<V> = { version: string; value: V; previous?: { version: string; value: V; until: number } };

export class VersionedCache<V> {
  private readonly entries: LRUCache<string | number, Versioned<V>>;
  private readonly loading = new Map<string, Promise<V>>();
  constructor(maxEntries: number) {
    this.entries = new LRUCache<string | number, Versioned<V>>({ max: Math.max(1, maxEntries) });
  }

  /** The entry for `key` under `version`, rendering it once however many callers ask at the same time. */
  async load(key: string | number, version: string, render: () => Promise<V>): Promise<{ value: V; hit: boolean }> {
    const cached = this.get(key, version);
    if (cached !== undefined) return { value: cached, hit: true };
    const flightKey = `${version}\u0000${key}`;
    const inflight = this.loading.get(flightKey);
    if (inflight) return { value: await inflight, hit: true };
    const p = render().then((value) => {
      this.set(key, version, value);
      return value;
    });
    this.loading.set(flightKey, p);
    try {
      return { value: await p, hit: false };
    } finally {
      this.loading.delete(flightKey);
    }
  }

  /** The value of `key` rendered under `version` (the newest entry, or the previous one while it is kept). */
  get(key: string | number, version: string): V | undefined {
    const hit = this.entries.peek(key);
    if (!hit) return undefined;
    if (hit.version !== version) {
      const prev = hit.previous;
      if (prev && Date.now() > prev.until) hit.previous = undefined;
      else if (prev?.version === version) return prev.value;
      return undefined;
    }
    // A hit under the current version is what makes an entry recently used.
    return this.entries.get(key)!.value;
  }

  /** The newest stored entry whatever its version (callers check `version` themselves). */
  peek(key: string | number): { version: string; value: V } | undefined {
    return this.entries.peek(key);
  }

  /**
   * Stores `value` as the newest entry of `key`; the entry it replaces is kept as the previous one for
   * PREVIOUS_MS. A value for the previous entry's version (a render that started before the newest one
   * was stored) replaces that one and leaves the newest in place.
   */
  set(key: string | number, version: string, value: V): void {
    const old = this.entries.peek(key);
    if (old && old.version !== version && old.previous?.version === version && Date.now() <= old.previous.until) {
      old.previous.value = value;
      this.entries.set(key, old);
      return;
    }
    const previous = !old
      ? undefined
      : old.version !== version
        ? { version: old.version, value: old.value, until: Date.now() + PREVIOUS_MS }
        : old.previous;
    this.entries.set(key, { version, value, previous });
  }

  delete(key: string | number): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

const g = globalThis as unknown as { __forumCaches?: Map<string, VersionedCache<unknown>> };
const registry: Map<string, VersionedCache<unknown>> = (g.__forumCaches ??= new Map());

/** One cache per name and process (kept across hot reloads in development). */
export function versionedCache<V>(name: string, maxEntries: number): VersionedCache<V> {
  let c = registry.get(name);
  if (!c) registry.set(name, (c = new VersionedCache<unknown>(maxEntries)));
  return c as VersionedCache<V>;
}

export function clearReadCaches(): void {
  for (const c of registry.values()) c.clear();
}
