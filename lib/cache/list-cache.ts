import { createHash } from "node:crypto";
import { absoluteJsonResponse } from "@/lib/api/absolute-urls";
import { isModerator } from "@/lib/permissions";
import { accessKey, hiddenCategoryIds } from "@/lib/permissions/category-access";
import { contentVersion, readCachesEnabled, versionedCache } from "@/lib/cache/content-version";
import { allListsVersion } from "@/lib/cache/page-versions";
import { listCategories } from "@/lib/services/taxonomy/categories";
import { listTags } from "@/lib/services/taxonomy/tags";
import { loadPosts, readViewerState } from "@/lib/services/posts/loader";
import type { PostPage } from "@/lib/services/posts/list";
import type { Viewer } from "@/lib/viewer";
import { fillFrom, type ReadFrom } from "@/db/replicas";

/**
 * Per-process caches of list responses (route()'s `cache: "public-list" | "post-list"`), shared-correct
 * across processes: an entry is served only while the content version it was rendered under is still
 * current (lib/cache/content-version.ts; the contract: lib/cache/README.md).
 *
 * - Anonymous responses are kept whole, as JSON text, keyed by URL.
 * - Post lists keep the page's ids per visibility class and URL: anonymous, members, staff (who see
 *   every published post), and, for a member with ONLY_ME posts of their own, that member alone. The
 *   Post objects come from the post cache and the caller's `subscribed`/`myVotes` are read fresh, so a
 *   signed-in page costs one query (version + viewer state) plus the token lookup.
 */
const bodies = versionedCache<string>("list-bodies", 300);
type IdPage = { ids: number[]; createdAt: number[] };
const idPages = versionedCache<IdPage>("list-ids", 2_000);

const urlKey = (req: Request) => {
  const url = new URL(req.url);
  return url.pathname + url.search;
};

/** A cached body as the answer to `req`: its image and link fields made absolute for it (lib/api/absolute-urls.ts). */
const jsonResponse = (req: Request, body: string, cache: "hit" | "miss", shared = true) =>
  absoluteJsonResponse(req, body, { headers: { "content-type": "application/json", "x-cache": cache } }, shared);

/** Serves an anonymous response from the cache when still current, else renders, stores and serves it. */
export async function publicList(
  req: Request,
  viewer: Viewer | null,
  render: (readFrom: ReadFrom) => Promise<unknown>,
  readFrom: ReadFrom = "primary",
): Promise<Response> {
  if (viewer || !readCachesEnabled()) return Response.json(await render(readFrom));
  const key = urlKey(req);
  const version = await contentVersion();
  // Filled from a replica only once it has replayed what the primary had when the version was read (README.md, "Replicas").
  const { value, hit } = await bodies.load(key, version, async () => JSON.stringify(await render(await fillFrom(readFrom))));
  return jsonResponse(req, value, hit ? "hit" : "miss");
}

type Window = { since: Date; cap: number };

/**
 * What a `cache: "post-list"` route returns: how to run its list query (visibility included) for the
 * caller, and for time-window lists (GET /api/posts/recent) the window, see trimToWindow.
 */
export type PostListSource = { ids: (readFrom?: ReadFrom) => Promise<PostPage>; window?: Window };

/**
 * A cached window page without the posts that have left the window since; undefined (render again)
 * when the page was cut at the cap and lost posts, since older ones may now belong in it.
 */
function trimToWindow(page: IdPage, window: Window): IdPage | undefined {
  const since = window.since.getTime();
  const keep = page.createdAt.map((t) => t >= since);
  if (keep.every(Boolean)) return page;
  if (page.ids.length >= window.cap) return undefined;
  return { ids: page.ids.filter((_, i) => keep[i]), createdAt: page.createdAt.filter((_, i) => keep[i]) };
}

/** A list of posts for any caller, served by route() for `cache: "post-list"`. */
export async function postList(
  req: Request,
  viewer: Viewer | null,
  source: PostListSource,
  readFrom: ReadFrom = "primary",
): Promise<Response> {
  const { ids: renderIds, window } = source;
  if (!readCachesEnabled()) return Response.json(await loadPosts((await renderIds(readFrom)).ids, viewer));
  if (!viewer && !window) {
    return publicList(req, null, async (from) => loadPosts((await renderIds(from)).ids, null, { cache: true }), readFrom);
  }
  const url = urlKey(req);
  const cls = !viewer ? "anon" : isModerator(viewer) ? "staff" : "member";
  const sharedKey = `${cls}|${url}`;
  const ownKey = viewer ? `u${viewer.id}|${url}` : sharedKey;
  // Read the viewer state for the ids we may serve, then pick the entry that applies to this viewer.
  const guess = [...(idPages.peek(sharedKey)?.value.ids ?? []), ...(ownKey !== sharedKey ? (idPages.peek(ownKey)?.value.ids ?? []) : [])];
  const state = await readViewerState([...new Set(guess)], viewer?.id ?? null, { privateCheck: cls === "member" });
  const key = cls === "member" && state.hasPrivate ? ownKey : sharedKey;

  const cached = idPages.get(key, state.version);
  let page = cached && window ? trimToWindow(cached, window) : cached;
  let cache: "hit" | "miss" = "hit";
  if (!page) {
    // A trimmed-away window page is rendered again; otherwise concurrent misses share one render.
    if (cached) idPages.delete(key);
    const loaded = await idPages.load(key, state.version, async () => {
      const r = await renderIds(await fillFrom(readFrom));
      return { ids: r.ids, createdAt: (r.createdAt ?? []).map((d) => d.getTime()) };
    });
    page = loaded.value;
    if (!loaded.hit) cache = "miss";
  }
  if (viewer) return jsonResponse(req, JSON.stringify(await loadPosts(page.ids, viewer, { cache: true, state })), cache, false);
  // Anonymous windows: the same ids under the same version give the same bytes.
  const bodyKey = `${url}|${createHash("sha1").update(page.ids.join(",")).digest("base64")}`;
  const ids = page.ids;
  const { value: body } = await bodies.load(bodyKey, state.version, async () =>
    JSON.stringify(await loadPosts(ids, null, { cache: true, state })),
  );
  return jsonResponse(req, body, cache);
}

/** The filters beside every post list: each category with its post count, the most used tags. */
export type ListFacets = { categories: Awaited<ReturnType<typeof listCategories>>; popularTags: Awaited<ReturnType<typeof listTags>> };
const POPULAR_TAGS = 24;
const facets = versionedCache<ListFacets>("list-facets", 16);

/**
 * The list pages' filters, kept under the version of the lists' 'all' row (lib/cache/page-versions.ts),
 * which every change to a category, a tag or a post's place in the lists stamps, and a comment or a
 * reaction does not: a list page rendered again after a comment no longer reads the categories and
 * ranks the 500 tags by count again (two statements per render: bench/results/page-cache-history.md).
 * Kept per access key (issue 57): readers who may not see the same categories get their own entry.
 */
export async function listFacets(viewer: Viewer | null): Promise<ListFacets> {
  const read = async () => {
    const [categories, popularTags] = await Promise.all([listCategories(viewer), listTags(viewer, { page: 0, pageSize: POPULAR_TAGS })]);
    return { categories, popularTags };
  };
  if (!readCachesEnabled()) return read();
  const [version, hidden] = await Promise.all([allListsVersion(), hiddenCategoryIds(viewer)]);
  const key = isModerator(viewer) ? "staff" : `facets${accessKey(hidden)}`;
  return (await facets.load(key, version, read)).value;
}
