"use client";

import { useTranslations } from "next-intl";
import { ClientNav } from "@/components/ui/client-nav";
import { PhoneCollapse } from "@/components/layout/phone-collapse";
import { AutoSubmitSelect } from "@/components/posts/auto-submit-select";
import { listHref, TABS, type ListState } from "@/components/posts/post-list-url";
import { buttonClass } from "@/components/ui/button";

/**
 * A post list's tabs, category filter (`categories` null on a category's own page) and tag chips; every
 * choice is a link or a GET form (works without JavaScript). A client component so that the RSC payload
 * carries the categories and tags as data, not their markup a second time. Its links are plain anchors
 * inside one ClientNav (in-app navigation, prefetch on intent), not a `Link` each: the tabs and tag chips
 * were ~25 of them on the home page, each rendered on the server and hydrated in the browser.
 */
export function ListControls({
  basePath,
  state,
  categories,
  tags,
}: {
  basePath: string;
  state: ListState;
  categories: { id: number; name: string; count: number }[] | null;
  tags: { id: number; name: string }[];
}) {
  const t = useTranslations("PostList");
  return (
    <ClientNav className="space-y-4">
      <nav aria-label={t("orderLabel")} className="flex gap-1 overflow-x-auto border-b border-zinc-200 dark:border-zinc-800">
        {TABS.filter((tab) => !tab.homeOnly || basePath === "/").map((tab) => (
          <a
            key={tab.id}
            href={listHref(basePath, { ...state, tab: tab.id, page: 0 })}
            aria-current={tab.id === state.tab ? "page" : undefined}
            className="tab"
          >
            {t(`tab.${tab.id}`)}
          </a>
        ))}
      </nav>

      {/* The Following tab lists every post of the members one follows: no category or tag filter. */}
      {state.tab === "following" ? null : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          {categories ? (
            <form method="get" action={basePath} className="flex items-end gap-2" aria-label={t("filterByCategory")}>
              {state.tab !== "latest" ? <input type="hidden" name="tab" value={state.tab} /> : null}
              {state.tagIds.length ? <input type="hidden" name="tagIds" value={state.tagIds.join(",")} /> : null}
              <div>
                <label htmlFor="filter-category" className="block text-xs font-medium text-zinc-600 dark:text-zinc-400">
                  {t("category")}
                </label>
                <AutoSubmitSelect id="filter-category" name="categoryId" defaultValue={state.categoryId ?? ""} className="mt-1 w-48">
                  <option value="">{t("allCategories")}</option>
                  {categories.map((c) => (
                    <option key={c.id} value={c.id}>
                      {`${c.name} (${c.count})`}
                    </option>
                  ))}
                </AutoSubmitSelect>
              </div>
              {/* The choice applies on change (AutoSubmitSelect); the button is for browsers without JavaScript. */}
              <noscript>
                <button type="submit" className={buttonClass("secondary", "md")}>
                  {t("filter")}
                </button>
              </noscript>
            </form>
          ) : null}
          <div className="min-w-0 flex-1">
            <p id="tag-filter-label" className="hidden text-xs font-medium text-zinc-600 sm:block dark:text-zinc-400">
              {state.tagIds.length > 1 ? t("tagsAll") : t("tags")}
            </p>
            <PhoneCollapse label={state.tagIds.length ? t("tagsSelected", { count: state.tagIds.length }) : t("filterByTag")}>
              <TagFilter basePath={basePath} state={state} tags={tags} />
            </PhoneCollapse>
          </div>
        </div>
      )}
    </ClientNav>
  );
}

/**
 * The tag chips of a post list: each adds its tag to the filter, or removes it when on. A client
 * component so that the RSC payload carries the tags as data ({id, name}), not their markup again.
 */
function TagFilter({ basePath, state, tags }: { basePath: string; state: ListState; tags: { id: number; name: string }[] }) {
  const tr = useTranslations("PostList");
  return (
    <ul aria-labelledby="tag-filter-label" className="mt-1 flex flex-wrap gap-1.5" data-testid="tag-filter">
      {tags.map((t) => {
        const on = state.tagIds.includes(t.id);
        const next = on ? state.tagIds.filter((x) => x !== t.id) : [...state.tagIds, t.id];
        return (
          <li key={t.id}>
            <a
              href={listHref(basePath, { ...state, tagIds: next, page: 0 })}
              aria-label={on ? tr("removeTagFilter", { tag: t.name }) : tr("addTagFilter", { tag: t.name })}
              className={on ? "filter-chip filter-chip-on" : "filter-chip"}
            >
              {`#${t.name}`}
              {on ? <span aria-hidden="true">×</span> : null}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
