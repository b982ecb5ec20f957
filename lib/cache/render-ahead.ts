import { env } from "@/lib/env";
import { listPageVersion, type ListStamp } from "@/lib/cache/page-versions";

/**
 * Hot list pages rendered again after a write, never inside it (lib/cache/README.md, "Renders ahead").
 *
 * Under read load, every write that changes the home page would make all of its visitors wait for one
 * render: each asks for the version after the write's stamp and must not get the page from before. So
 * when this process serves a list page often (the page cache's "hot" pages), a write that changes it
 * stamps its versions as every write does, returns, and the page is rendered afterwards by this
 * process (a request to its own server: lib/front/page-cache.ts). Until that render is stored, this
 * process keeps serving the page cached before the write to the visitors who ask for it: a hot list page
 * may lag a write by one render ahead (at most PAGE_AHEAD_INTERVAL_MS plus AHEAD_WAIT_MS of the page
 * cache). Nothing else lags: post pages, cold lists, profiles and the API's caches are current when the
 * write returns, and so are this page's entries in every other process (they render it on demand).
 *
 * The old entry is served only across stamps made by writes that joined a render ahead here. Each such
 * write records its list stamps (version ← previous: `list_page_versions.previous`); a visitor whose
 * version reaches the cached entry's through those links alone gets the entry. A stamp by any other
 * write, in this process or another, breaks the chain, and the page is rendered as usual.
 *
 * Writes share renders: a write that commits while a render ahead is waiting joins it; a render starts
 * at most once per PAGE_AHEAD_INTERVAL_MS in a process (the next group waits out the rest of the interval
 * and reads every write that joined it). So a burst of writes costs the thread that serves the hits at
 * most one render of each hot page per interval, whatever the write rate, and no write waits for any.
 */

/** A hot list page: its page-cache key, URL, the class it is rendered for, its list scope ('home', 'c<id>', 't<id>'). */
export type AheadPage = { key: string; url: string; cls: "anon" | "member"; scope: string };

/** What the page cache of a serving process gives the renders ahead (lib/front/page-cache.ts `pageCacheServer`). */
export type AheadSource = {
  /** The list pages this process serves often now, most served first. */
  hot(): AheadPage[];
  /** Renders `page` as its first visitor after the writes would and stores it under `version`; settles once it is stored or given up. */
  render(page: AheadPage, version: string): Promise<void>;
};

/** At most this many pages rendered per group (the hottest). */
const MAX_AHEAD = 4;
const LIST_VERSION = /^l(\d+):(\d+)$/;

type Group = { pages: Map<string, AheadPage>; links: [row: string, version: string][] };
type State = {
  source?: AheadSource;
  open: Group | null;
  tail: Promise<void>;
  lastStart: number;
  /** Keys with a render ahead waiting or on its way (a count of groups). */
  pending: Map<string, number>;
  /** Per list_page_versions row, the stamps of writes waiting for a render ahead: version → the version it replaced. */
  links: Map<string, Map<string, string>>;
};
const g = globalThis as unknown as { __forumRenderAhead?: State };
const state: State = (g.__forumRenderAhead ??= {
  open: null,
  tail: Promise.resolve(),
  lastStart: -Infinity,
  pending: new Map(),
  links: new Map(),
});

/** Registers (or, with undefined, removes) the page cache that renders ahead: a serving process does at start-up; tests give their own. */
export function setAheadSource(source: AheadSource | undefined): void {
  state.source = source;
}

/**
 * After a write has stamped its lists (lib/cache/page-versions.ts stampVersions): schedules a render of
 * the hot pages among them and returns at once. From here until that render is stored, visitors of those
 * pages in this process get the entry cached before the write (servedUntilAhead).
 */
export function renderAheadAfter(stamped: readonly ListStamp[]): void {
  const source = state.source;
  if (!source || !stamped.length) return;
  const scopes = new Set(stamped.map((s) => s.scope));
  const picks = source.hot().filter((p) => scopes.has("all") || scopes.has(p.scope));
  if (!picks.length) return;
  const group = state.open ?? openGroup();
  const rows = new Set(["all"]);
  for (const p of picks) {
    if (!group.pages.has(p.key)) {
      if (group.pages.size >= MAX_AHEAD) continue;
      group.pages.set(p.key, p);
      state.pending.set(p.key, (state.pending.get(p.key) ?? 0) + 1);
    }
    rows.add(p.scope);
  }
  for (const s of stamped) {
    if (!rows.has(s.scope)) continue;
    let row = state.links.get(s.scope);
    if (!row) state.links.set(s.scope, (row = new Map()));
    row.set(s.version, s.previous ?? "0");
    group.links.push([s.scope, s.version]);
  }
}

function openGroup(): Group {
  const group: Group = { pages: new Map(), links: [] };
  state.open = group;
  state.tail = state.tail.then(async () => {
    const wait = state.lastStart + env().PAGE_AHEAD_INTERVAL_MS - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    state.lastStart = performance.now();
    await runGroup(group);
  });
  return group;
}

async function runGroup(group: Group): Promise<void> {
  // From here on, a write joins the next group: this render may begin before its stamp.
  if (state.open === group) state.open = null;
  try {
    const source = state.source;
    if (source) {
      await Promise.all(
        [...group.pages.values()].map(async (page) => {
          // Read after every write of the group stamped: the render shows at least all of them.
          const version = await listPageVersion(page.url);
          if (version) await source.render(page, version);
        }),
      );
    }
  } catch (err) {
    console.error("[page-cache] could not render ahead", err);
  } finally {
    for (const key of group.pages.keys()) {
      const n = (state.pending.get(key) ?? 1) - 1;
      if (n > 0) state.pending.set(key, n);
      else state.pending.delete(key);
    }
    for (const [row, version] of group.links) state.links.get(row)?.delete(version);
  }
}

/**
 * For the page cache, when a list page's entry is not of the current version: whether the entry cached
 * under `cached` may still be served, because a render ahead of the page is on its way and every stamp
 * between the two versions was made by a write waiting for it.
 */
export function servedUntilAhead(key: string, scope: string, current: string, cached: string): boolean {
  if (!state.pending.has(key)) return false;
  const now = LIST_VERSION.exec(current);
  const then = LIST_VERSION.exec(cached);
  return !!now && !!then && linked("all", now[1]!, then[1]!) && linked(scope, now[2]!, then[2]!);
}

/** Whether `from` leads back to `to` through the stamps of writes waiting for a render ahead. */
function linked(row: string, from: string, to: string): boolean {
  const links = state.links.get(row);
  let version = from;
  for (let steps = 0; version !== to; steps++) {
    const previous = links?.get(version);
    if (previous === undefined || steps > 10_000) return false;
    version = previous;
  }
  return true;
}

/** For tests: waits until every render ahead scheduled so far has run. */
export async function renderAheadSettled(): Promise<void> {
  let tail: Promise<void>;
  do {
    tail = state.tail;
    await tail;
  } while (tail !== state.tail);
}
