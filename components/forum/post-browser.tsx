import { Link } from "@/components/ui/link";
import { PhoneCollapse } from "@/components/forum/phone-collapse";
import { PostCard } from "@/components/forum/post-card";
import { AutoSubmitSelect } from "@/components/forum/auto-submit-select";
import { MarkAllReadButton, NewPostsBanner } from "@/components/forum/unread-marks";
import { listHref, TABS, type ListState } from "@/components/forum/post-list-url";
import { buttonClass } from "@/components/ui/button";
import { toPostCard } from "@/components/forum/post-card-data";
import { pageViewer } from "@/lib/api/page";
import { listCategories } from "@/lib/services/categories";
import { listPostsPage, type PostOrder } from "@/lib/services/posts";
import { touchVisit } from "@/lib/services/reads";
import { getTags, listTags } from "@/lib/services/tags";

export const PAGE_SIZE = 20;

const ORDER: Record<ListState["tab"], PostOrder> = { latest: "created", activity: "latestReply", featured: "featured" };

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
  const viewer = await pageViewer();
  // Before the list is read: a new visit moves the "new since your last visit" mark.
  if (viewer) await touchVisit(viewer.id).catch(() => {});
  const categoryId = fixed.categoryId ?? state.categoryId;
  const tagIds = fixed.tagId ? [...new Set([fixed.tagId, ...state.tagIds])] : state.tagIds;
  const [{ posts, hasMore }, categories, popularTags, selectedTags] = await Promise.all([
    listPostsPage(viewer, { categoryIds: categoryId ? [categoryId] : [], tagIds, page: state.page, pageSize: PAGE_SIZE }, ORDER[state.tab]),
    fixed.categoryId ? Promise.resolve([]) : listCategories(),
    listTags({ page: 0, pageSize: 24 }),
    state.tagIds.length ? getTags(state.tagIds) : Promise.resolve(new Map()),
  ]);
  const here = (s: Partial<ListState>) => listHref(basePath, { ...state, ...s });
  const chosen = state.tagIds.map((id) => selectedTags.get(id)).filter((t): t is NonNullable<typeof t> => !!t);
  const tagChoices = [...chosen, ...popularTags.filter((t) => !state.tagIds.includes(t.id) && t.id !== fixed.tagId)];

  return (
    <section aria-label="Posts" className="space-y-4">
      <nav aria-label="Post order" className="flex gap-1 overflow-x-auto border-b border-zinc-200 dark:border-zinc-800">
        {TABS.map((t) => {
          const active = t.id === state.tab;
          return (
            <Link
              key={t.id}
              href={here({ tab: t.id, page: 0 })}
              aria-current={active ? "page" : undefined}
              className={`-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${
                active
                  ? "border-sky-600 text-sky-700 dark:text-sky-400"
                  : "border-transparent text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
              }`}
            >
              {t.label}
            </Link>
          );
        })}
      </nav>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        {fixed.categoryId ? null : (
          <form method="get" action={basePath} className="flex items-end gap-2" aria-label="Filter by category">
            {state.tab !== "latest" ? <input type="hidden" name="tab" value={state.tab} /> : null}
            {state.tagIds.length ? <input type="hidden" name="tagIds" value={state.tagIds.join(",")} /> : null}
            <div>
              <label htmlFor="filter-category" className="block text-xs font-medium text-zinc-600 dark:text-zinc-400">
                Category
              </label>
              <AutoSubmitSelect id="filter-category" name="categoryId" defaultValue={state.categoryId ?? ""} className="mt-1 w-48">
                <option value="">All categories</option>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name} ({c.count ?? 0})
                  </option>
                ))}
              </AutoSubmitSelect>
            </div>
            <button type="submit" className={buttonClass("secondary", "md")}>
              Filter
            </button>
          </form>
        )}
        <div className="min-w-0 flex-1">
          <p id="tag-filter-label" className="hidden text-xs sm:block font-medium text-zinc-600 dark:text-zinc-400">
            Tags {state.tagIds.length > 1 ? "(posts with all selected tags)" : ""}
          </p>
          <PhoneCollapse label={state.tagIds.length ? `Tags (${state.tagIds.length} selected)` : "Filter by tag"}>
          <ul aria-labelledby="tag-filter-label" className="mt-1 flex flex-wrap gap-1.5" data-testid="tag-filter">
            {tagChoices.map((t) => {
              const on = state.tagIds.includes(t.id);
              const next = on ? state.tagIds.filter((x) => x !== t.id) : [...state.tagIds, t.id];
              return (
                <li key={t.id}>
                  <Link
                    href={here({ tagIds: next, page: 0 })}
                    aria-label={`${on ? "Remove" : "Add"} tag filter ${t.name}`}
                    className={on ? "filter-chip filter-chip-on" : "filter-chip"}
                  >
                    #{t.name}
                    {on ? <span aria-hidden="true">×</span> : null}
                  </Link>
                </li>
              );
            })}
          </ul>
          </PhoneCollapse>
        </div>
      </div>

      {state.tab === "latest" && state.page === 0 && !tagIds.length ? <NewPostsBanner categoryId={categoryId ?? undefined} /> : null}
      {viewer && posts.some((p) => p.isNew || p.newComments) ? (
        <div className="flex justify-end">
          <MarkAllReadButton />
        </div>
      ) : null}
      {posts.length ? (
        <div className="overflow-hidden rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900/40" data-testid="post-list">
          {posts.map((p) => (
            <PostCard key={p.id} post={toPostCard(p)} />
          ))}
        </div>
      ) : state.page > 0 ? (
        <div className="rounded-lg border border-dashed border-zinc-300 p-8 text-center text-zinc-600 dark:border-zinc-700 dark:text-zinc-400" data-testid="no-more-posts">
          <p>No more posts: this list has fewer than {state.page + 1} pages.</p>
          <Link href={here({ page: 0 })} className={buttonClass("secondary", "sm", "mt-3")}>
            Back to the newest posts
          </Link>
        </div>
      ) : (
        <p className="rounded-lg border border-dashed border-zinc-300 p-8 text-center text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">No posts here yet.</p>
      )}

      {posts.length && (state.page > 0 || hasMore) ? (
        <nav aria-label="Pagination" className="flex items-center justify-between">
          {state.page > 0 ? (
            <Link href={here({ page: state.page - 1 })} rel="prev" className={buttonClass("secondary", "sm")}>
              ← Newer
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-zinc-600 dark:text-zinc-400">
            Page {state.page + 1}
            {hasMore ? "" : " (the last)"}
          </span>
          {hasMore ? (
            <Link href={here({ page: state.page + 1 })} rel="next" className={buttonClass("secondary", "sm")}>
              Older →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </section>
  );
}
