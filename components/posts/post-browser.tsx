import { getTranslations } from "next-intl/server";
import { Link } from "@/components/ui/link";
import { PostCard } from "@/components/posts/post-card";
import { ClientNav } from "@/components/ui/client-nav";
import { ListControls } from "@/components/posts/list-controls";
import { MarkAllReadButton, NewPostsBanner } from "@/components/posts/unread-marks";
import { listHref, type ListState } from "@/components/posts/post-list-url";
import { buttonClass } from "@/components/ui/button";
import { toPostCard } from "@/components/posts/post-card-data";
import { ShellMarks } from "@/components/layout/shell-marks";
import { FollowingFeed } from "@/components/posts/following-feed";
import { listPostsPage, type PostOrder } from "@/lib/services/posts/list";
import { touchVisit } from "@/lib/services/posts/reads";
import { getTags } from "@/lib/services/taxonomy/tags";
import { listFacets } from "@/lib/cache/list-cache";
import { pageReader } from "@/lib/cache/page-reader";

export const PAGE_SIZE = 20;

const ORDER: Record<Exclude<ListState["tab"], "following">, PostOrder> = {
  latest: "created",
  activity: "latestReply",
  featured: "featured",
};

/**
 * The post list with its tabs, filters and paging; every state is a URL (server-rendered, works
 * without JavaScript). `fixed` pins a category or tag for /c/[id] and /t/[id].
 */
export async function PostBrowser({
  basePath,
  state,
  fixed = {},
}: {
  basePath: string;
  state: ListState;
  fixed?: { categoryId?: number; tagId?: number };
}) {
  // Who the list is read as (lib/cache/page-reader.ts): the members' shared page lists what any member
  // sees; the member's own marks and visit come from the browser (ShellMarks).
  const { viewer, shared, readFrom } = await pageReader();
  const t = await getTranslations("PostList");
  const shell = shared && viewer !== null;
  // The Following tab (home page): the reader's own list, asked for by the browser (FollowingFeed); the
  // shared document holds only the tabs around it.
  if (state.tab === "following" && basePath === "/") {
    return (
      <section aria-label={t("sectionLabel")} className="space-y-4">
        <ListControls basePath={basePath} state={state} categories={[]} tags={[]} />
        <FollowingFeed page={state.page} />
      </section>
    );
  }
  const tab = state.tab === "following" ? "latest" : state.tab;
  // Before the list is read: a new visit moves the "new since your last visit" mark.
  if (viewer && !shared) await touchVisit(viewer).catch(() => {});
  const categoryId = fixed.categoryId ?? state.categoryId;
  const tagIds = fixed.tagId ? [...new Set([fixed.tagId, ...state.tagIds])] : state.tagIds;
  // The home list without the member's muted categories and tags (lib/services/shared/watchers.ts):
  // left out of the query when the page is theirs alone, hidden by their browser on the shared page.
  const hideMuted = basePath === "/" && !categoryId && !tagIds.length && viewer !== null;
  const [{ posts, hasMore }, { categories, popularTags }, selectedTags] = await Promise.all([
    listPostsPage(viewer, {
      categoryIds: categoryId ? [categoryId] : [],
      tagIds,
      page: state.page,
      pageSize: PAGE_SIZE,
      order: ORDER[tab],
      hideMutedOf: hideMuted && !shared ? viewer.id : null,
      readFrom,
    }),
    listFacets(viewer),
    state.tagIds.length ? getTags(state.tagIds) : Promise.resolve(new Map()),
  ]);
  const here = (s: Partial<ListState>) => listHref(basePath, { ...state, ...s });
  const chosen = state.tagIds.map((id) => selectedTags.get(id)).filter((t): t is NonNullable<typeof t> => !!t);
  const tagChoices = [...chosen, ...popularTags.filter((t) => !state.tagIds.includes(t.id) && t.id !== fixed.tagId)];

  const list = posts.length ? (
    <ClientNav
      className="overflow-hidden rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900/40"
      data-testid="post-list"
    >
      {posts.map((p) => (
        <PostCard key={p.id} post={toPostCard(shell ? { ...p, isNew: false, newComments: 0 } : p)} />
      ))}
    </ClientNav>
  ) : state.page > 0 ? (
    <div
      className="rounded-lg border border-dashed border-zinc-300 p-8 text-center text-zinc-600 dark:border-zinc-700 dark:text-zinc-400"
      data-testid="no-more-posts"
    >
      <p>{t("noMore", { pages: state.page + 1 })}</p>
      <Link href={here({ page: 0 })} className={buttonClass("secondary", "sm", "mt-3")}>
        {t("backToNewest")}
      </Link>
    </div>
  ) : (
    <p className="rounded-lg border border-dashed border-zinc-300 p-8 text-center text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
      {t("empty")}
    </p>
  );

  return (
    <section aria-label={t("sectionLabel")} className="space-y-4">
      <ListControls
        basePath={basePath}
        state={state}
        categories={fixed.categoryId ? null : categories.map((c) => ({ id: c.id, name: c.name, count: c.count ?? 0 }))}
        tags={tagChoices.map((t) => ({ id: t.id, name: t.name }))}
      />

      {state.tab === "latest" && state.page === 0 && !tagIds.length ? <NewPostsBanner categoryId={categoryId ?? undefined} /> : null}
      {viewer && !shell && posts.some((p) => p.isNew || p.newComments) ? (
        <div className="flex justify-end">
          <MarkAllReadButton />
        </div>
      ) : null}
      {shell ? (
        <ShellMarks ids={posts.map((p) => p.id)} visit hideMuted={hideMuted}>
          {list}
        </ShellMarks>
      ) : (
        list
      )}

      {posts.length && (state.page > 0 || hasMore) ? (
        <nav aria-label={t("pagination")} className="flex items-center justify-between">
          {state.page > 0 ? (
            <Link href={here({ page: state.page - 1 })} rel="prev" className={buttonClass("secondary", "sm")}>
              {t("newer")}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-zinc-600 dark:text-zinc-400">
            {hasMore ? t("page", { page: state.page + 1 }) : t("lastPage", { page: state.page + 1 })}
          </span>
          {hasMore ? (
            <Link href={here({ page: state.page + 1 })} rel="next" className={buttonClass("secondary", "sm")}>
              {t("older")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </section>
  );
}
