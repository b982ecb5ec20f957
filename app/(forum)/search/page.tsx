import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { useTranslations } from "next-intl";
import { Link } from "@/components/ui/link";
import { Icon } from "@/components/ui/icon";
import { buttonClass } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { errorText } from "@/lib/api/errors";
import { AppError } from "@/lib/errors";
import { validationText } from "@/lib/validation/localize";
import type { Locale } from "@/lib/i18n/locale";
import { pageViewer } from "@/lib/cache/page-reader";
import { listCategories } from "@/lib/services/taxonomy/categories";
import { COUNT_CAP, SEARCH_KINDS, searchEverything, type SearchKind, type SearchPageResult } from "@/lib/services/search/everything";
import { CommentHits, KindTabs, PeopleHits, PostHits, TagHits } from "@/components/search/search-results";
import { listTags } from "@/lib/services/taxonomy/tags";
import { searchPostsQuerySchema } from "@/lib/validation/search";
import { cameWithBadText, pageSearchParams } from "@/lib/api/page";
import { NOINDEX } from "@/lib/seo/metadata";

const PAGE_SIZE = 20;
const NO_MATCH: SearchPageResult = {
  correctedKeyword: null,
  counts: { posts: 0, comments: 0, people: 0, tags: 0 },
  posts: [],
  comments: [],
  people: [],
  tags: [],
};
type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const q = first((await pageSearchParams(searchParams)).q).trim();
  const t = await getTranslations("Search");
  // Search results are never search results themselves (robots.txt keeps crawlers out as well).
  return {
    title: q ? t("metaTitleQuery", { query: q.slice(0, 60) }) : t("metaTitle"),
    robots: NOINDEX,
    alternates: { canonical: "/search" },
  };
}

/**
 * /search?q=&type=&categoryId=&tagId=&author=&from=&to=&sort=&page=&exact= — posts, comments, people and
 * tags with a count per kind (`type` shows one kind, paged); when nothing matches, the keyword with its
 * typos corrected ("Showing results for …", `exact=1`: as typed). Posts through the same service as
 * GET /api/search/posts.
 */
export default async function SearchPage({ searchParams }: Props) {
  const sp = await pageSearchParams(searchParams);
  const locale = (await getLocale()) as Locale;
  const t = await getTranslations("Search");
  const form = {
    q: first(sp.q),
    categoryId: first(sp.categoryId),
    tagId: first(sp.tagId),
    author: first(sp.author),
    from: first(sp.from),
    to: first(sp.to),
    sort: first(sp.sort) === "newest" ? "newest" : "relevance",
    page: /^\d{1,4}$/.test(first(sp.page)) ? Number(first(sp.page)) : 0,
    type: (SEARCH_KINDS as readonly string[]).includes(first(sp.type)) ? (first(sp.type) as SearchKind) : "all",
    exact: first(sp.exact) === "1" ? "1" : "",
  };
  const viewer = await pageViewer();
  const [categories, tags] = await Promise.all([listCategories(viewer), listTags(viewer, { page: 0, pageSize: 50 })]);

  let result: SearchPageResult | null = null;
  let error: string | null = null;
  if (form.q.trim()) {
    const parsed = searchPostsQuerySchema.safeParse({
      keyword: form.q,
      page: String(form.page),
      pageSize: String(PAGE_SIZE),
      ...(form.categoryId ? { categoryId: form.categoryId } : {}),
      tagIds: form.tagId ? [form.tagId] : [],
      ...(form.author.trim() ? { author: form.author.trim() } : {}),
      ...(form.from ? { from: form.from } : {}),
      ...(form.to ? { to: `${form.to}T23:59:59.999Z` } : {}),
      sort: form.sort,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const message = issue ? validationText(issue.message, issue, locale) : t("invalid");
      error = `${issue?.path.join(".") === "keyword" ? t("wordsLabel") : (issue?.path.join(".") ?? t("invalidInput"))}: ${message}`;
    } else if (cameWithBadText(form.q) || cameWithBadText(form.author)) {
      // A NUL or a malformed escape in the URL (lib/api/page.ts): no post, comment or name can hold it.
      result = NO_MATCH;
    } else {
      try {
        result = await searchEverything(viewer, { ...parsed.data, kind: form.type, exact: form.exact === "1" });
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        error = errorText(e, locale);
      }
    }
  }
  const href = (change: Partial<Record<keyof typeof form, string | number>>) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries({ ...form, page: "", ...change }))
      if (v && !(k === "sort" && v === "relevance") && !(k === "type" && v === "all")) q.set(k, String(v));
    return `/search?${q.toString()}`;
  };
  const pageHref = (page: number) => href({ page: page ? String(page) : "" });
  const shown = result?.correctedKeyword ?? form.q;
  const kindTotal = result && form.type !== "all" ? result.counts[form.type] : 0;
  const pageLength = result ? (form.type === "comments" ? result.comments.length : result.posts.length) : 0;

  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-semibold tracking-tight">{t("heading")}</h1>
      <form
        method="get"
        action="/search"
        role="search"
        aria-label={t("formLabel")}
        className="space-y-3 rounded-lg border border-zinc-200 bg-white p-3 sm:p-4 dark:border-zinc-800 dark:bg-zinc-900/40"
      >
        {form.type !== "all" ? <input type="hidden" name="type" value={form.type} /> : null}
        <div className="flex gap-2">
          <label htmlFor="search-q" className="sr-only">
            {t("wordsLabel")}
          </label>
          <input
            id="search-q"
            name="q"
            type="search"
            defaultValue={form.q}
            maxLength={100}
            placeholder={t("wordsPlaceholder")}
            className={inputClass}
            data-testid="search-page-input"
          />
          <button type="submit" className={buttonClass("primary", "md", "shrink-0 whitespace-nowrap")}>
            <Icon name="search" className="h-4 w-4" />
            <span className="ml-1">{t("submit")}</span>
          </button>
        </div>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          <div>
            <label htmlFor="search-category" className="block text-xs font-medium text-zinc-600 dark:text-zinc-400">
              {t("category")}
            </label>
            <select id="search-category" name="categoryId" defaultValue={form.categoryId} className={`${inputClass} mt-1`}>
              <option value="">{t("any")}</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="search-tag" className="block text-xs font-medium text-zinc-600 dark:text-zinc-400">
              {t("tag")}
            </label>
            <select id="search-tag" name="tagId" defaultValue={form.tagId} className={`${inputClass} mt-1`}>
              <option value="">{t("any")}</option>
              {tags.map((t) => (
                <option key={t.id} value={t.id}>
                  #{t.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="search-author" className="block text-xs font-medium text-zinc-600 dark:text-zinc-400">
              {t("author")}
            </label>
            <input
              id="search-author"
              name="author"
              defaultValue={form.author}
              maxLength={64}
              placeholder={t("authorPlaceholder")}
              className={`${inputClass} mt-1`}
            />
          </div>
          <div>
            <label htmlFor="search-from" className="block text-xs font-medium text-zinc-600 dark:text-zinc-400">
              {t("from")}
            </label>
            <input id="search-from" name="from" type="date" defaultValue={form.from} className={`${inputClass} mt-1`} />
          </div>
          <div>
            <label htmlFor="search-to" className="block text-xs font-medium text-zinc-600 dark:text-zinc-400">
              {t("to")}
            </label>
            <input id="search-to" name="to" type="date" defaultValue={form.to} className={`${inputClass} mt-1`} />
          </div>
          <div>
            <label htmlFor="search-sort" className="block text-xs font-medium text-zinc-600 dark:text-zinc-400">
              {t("sort")}
            </label>
            <select id="search-sort" name="sort" defaultValue={form.sort} className={`${inputClass} mt-1`}>
              <option value="relevance">{t("sortRelevance")}</option>
              <option value="newest">{t("sortNewest")}</option>
            </select>
          </div>
        </div>
      </form>

      {error ? (
        <p
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200"
        >
          {error}
        </p>
      ) : null}

      {result ? (
        <div className="space-y-4">
          {result.correctedKeyword ? (
            <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="search-corrected">
              {t("correctedBefore")} <strong className="font-semibold">{result.correctedKeyword}</strong> {t("correctedInstead")}{" "}
              <Link href={href({ exact: "1" })} className="text-sky-700 underline dark:text-sky-400">
                {form.q}
              </Link>
            </p>
          ) : null}
          <KindTabs kind={form.type} counts={result.counts} cap={COUNT_CAP} href={(k) => href({ type: k, q: shown, exact: form.exact })} />
          <Results result={result} kind={form.type} page={form.page} kindHref={(k) => href({ type: k, q: shown, exact: form.exact })} />
          {form.type === "posts" || form.type === "comments" || (form.type === "all" && result.posts.length) ? (
            <nav aria-label={t("pagination")} className="flex items-center justify-between">
              {form.page > 0 ? (
                <Link href={pageHref(form.page - 1)} rel="prev" className={buttonClass("secondary", "sm")}>
                  {t("previous")}
                </Link>
              ) : (
                <span />
              )}
              {pageLength === PAGE_SIZE && (form.type === "all" || (form.page + 1) * PAGE_SIZE < kindTotal) ? (
                <Link href={pageHref(form.page + 1)} rel="next" className={buttonClass("secondary", "sm")}>
                  {t("next")}
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

const sectionTitle = "mb-2 text-sm font-semibold text-zinc-700 dark:text-zinc-300";
type EmptyKey = "emptyPosts" | "emptyComments" | "emptyPeople" | "emptyTags" | "emptyAll";
const Empty = ({ what }: { what: EmptyKey }) => {
  const t = useTranslations("Search");
  return (
    <p className="rounded-lg border border-dashed border-zinc-300 p-6 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
      {t(what)}
    </p>
  );
};

/** One kind, or on "all" the posts with the best comments, people and tags beside them (each with a "see all" link). */
function Results({
  result,
  kind,
  page,
  kindHref,
}: {
  result: SearchPageResult;
  kind: SearchKind;
  page: number;
  kindHref: (k: SearchKind) => string;
}) {
  const t = useTranslations("Search");
  if (kind === "posts") return result.posts.length ? <PostHits posts={result.posts} /> : <Empty what="emptyPosts" />;
  if (kind === "comments") return result.comments.length ? <CommentHits comments={result.comments} /> : <Empty what="emptyComments" />;
  if (kind === "people") return result.people.length ? <PeopleHits people={result.people} /> : <Empty what="emptyPeople" />;
  if (kind === "tags") return result.tags.length ? <TagHits tags={result.tags} /> : <Empty what="emptyTags" />;
  const more = (k: Exclude<SearchKind, "all">, shown: number, label: string) =>
    result.counts[k] > shown ? (
      <Link href={kindHref(k)} className="mt-2 inline-block text-sm text-sky-700 hover:underline dark:text-sky-400">
        {label}
      </Link>
    ) : null;
  const nothing = !result.posts.length && !result.comments.length && !result.people.length && !result.tags.length;
  return (
    <div className="space-y-5">
      {nothing ? <Empty what="emptyAll" /> : null}
      {result.people.length ? (
        <section aria-labelledby="people-hits">
          <h2 id="people-hits" className={sectionTitle}>
            {t("kindPeople")}
          </h2>
          <PeopleHits people={result.people} />
          {more("people", result.people.length, t("seeAllPeople"))}
        </section>
      ) : null}
      {result.posts.length ? (
        <section aria-labelledby="post-hits">
          <h2 id="post-hits" className={sectionTitle}>
            {page ? t("postsHeadingPage", { page: page + 1 }) : t("postsHeading")}
          </h2>
          <PostHits posts={result.posts} />
        </section>
      ) : null}
      {result.comments.length && page === 0 ? (
        <section aria-labelledby="comment-hits">
          <h2 id="comment-hits" className={sectionTitle}>
            {t("kindComments")}
          </h2>
          <CommentHits comments={result.comments} />
          {more("comments", result.comments.length, t("seeAllComments"))}
        </section>
      ) : null}
      {result.tags.length && page === 0 ? (
        <section aria-labelledby="tag-hits">
          <h2 id="tag-hits" className={sectionTitle}>
            {t("kindTags")}
          </h2>
          <TagHits tags={result.tags} />
          {more("tags", result.tags.length, t("seeAllTags"))}
        </section>
      ) : null}
    </div>
  );
}
