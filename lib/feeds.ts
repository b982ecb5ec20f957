/**
 * The site's feeds (lib/services/posts/rss.ts builds them; pages link them with rel="alternate").
 * Every feed is anonymous (docs/api.md §3): PUBLISHED posts visible to everyone (`visibleScope` ALL), newest
 * first; pending, rejected, hidden-by-flags (back to PENDING), members-only and private posts are never in one.
 * - latest: every such post (GET /api/rss, OpenIsle's path)
 * - featured: the featured ones (rssExcluded = false; GET /api/rss/featured)
 * - category / tag: the posts of one category or carrying one tag (404 when it does not exist)
 */
export type FeedScope = { kind: "latest" } | { kind: "featured" } | { kind: "category"; id: number } | { kind: "tag"; id: number };
export type FeedFormat = "rss" | "atom";

/** The path of a feed on this site (what the pages link to with rel="alternate"). */
export function feedPath(scope: FeedScope, format: FeedFormat = "rss"): string {
  const path =
    scope.kind === "latest"
      ? "/api/rss"
      : scope.kind === "featured"
        ? "/api/rss/featured"
        : scope.kind === "category"
          ? `/api/rss/categories/${scope.id}`
          : `/api/rss/tags/${scope.id}`;
  return format === "atom" ? `${path}?format=atom` : path;
}
