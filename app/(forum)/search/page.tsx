import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { Icon } from "@/components/ui/icon";
import { Avatar } from "@/components/ui/avatar";
import { buttonClass } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { RelativeTime } from "@/components/ui/relative-time";
import { AppError } from "@/lib/errors";
import { pageViewer } from "@/lib/cache/page-reader";
import { listCategories } from "@/lib/services/taxonomy/categories";
import { searchPosts, searchUsers } from "@/lib/services/search/search";
import { listTags } from "@/lib/services/taxonomy/tags";
import { searchPostsQuerySchema, type SearchPostDto, type SearchUserDto } from "@/lib/validation/search";

const PAGE_SIZE = 20;
type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const q = first((await searchParams).q).trim();
  return { title: q ? `Search: ${q.slice(0, 60)}` : "Search" };
}

/** /search?q=&categoryId=&tagId=&author=&from=&to=&sort=&page= — the same service as GET /api/search/posts. */
export default async function SearchPage({ searchParams }: Props) {
  const sp = await searchParams;
  const form = {
    q: first(sp.q),
    categoryId: first(sp.categoryId),
    tagId: first(sp.tagId),
    author: first(sp.author),
    from: first(sp.from),
    to: first(sp.to),
    sort: first(sp.sort) === "newest" ? "newest" : "relevance",
    page: /^\d{1,4}$/.test(first(sp.page)) ? Number(first(sp.page)) : 0,
  };
  const viewer = await pageViewer();
  const [categories, tags] = await Promise.all([listCategories(), listTags({ page: 0, pageSize: 50 })]);

  let posts: SearchPostDto[] = [];
  let users: SearchUserDto[] = [];
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
      error = `${issue?.path.join(".") === "keyword" ? "Search words" : (issue?.path.join(".") ?? "Input")}: ${issue?.message ?? "invalid"}`;
    } else {
      try {
        [posts, users] = await Promise.all([
          searchPosts(viewer, parsed.data),
          form.page === 0 ? searchUsers(parsed.data.keyword, 5) : Promise.resolve([]),
        ]);
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        error = e.message;
      }
    }
  }
  const href = (page: number) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries({ ...form, page: page ? String(page) : "" }))
      if (v && !(k === "sort" && v === "relevance")) q.set(k, String(v));
    return `/search?${q.toString()}`;
  };

  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-semibold tracking-tight">Search</h1>
      <form
        method="get"
        action="/search"
        role="search"
        aria-label="Search the forum"
        className="space-y-3 rounded-lg border border-zinc-200 bg-white p-3 sm:p-4 dark:border-zinc-800 dark:bg-zinc-900/40"
      >
        <div className="flex gap-2">
          <label htmlFor="search-q" className="sr-only">
            Search words
          </label>
          <input
            id="search-q"
            name="q"
            type="search"
            defaultValue={form.q}
            maxLength={100}
            placeholder="Words, a phrase or part of a word"
            className={inputClass}
            data-testid="search-page-input"
          />
          <button type="submit" className={buttonClass("primary", "md")}>
            <Icon name="search" className="h-4 w-4" />
            <span className="ml-1">Search</span>
          </button>
        </div>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          <div>
            <label htmlFor="search-category" className="block text-xs font-medium text-zinc-600 dark:text-zinc-400">
              Category
            </label>
            <select id="search-category" name="categoryId" defaultValue={form.categoryId} className={`${inputClass} mt-1`}>
              <option value="">Any</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="search-tag" className="block text-xs font-medium text-zinc-600 dark:text-zinc-400">
              Tag
            </label>
            <select id="search-tag" name="tagId" defaultValue={form.tagId} className={`${inputClass} mt-1`}>
              <option value="">Any</option>
              {tags.map((t) => (
                <option key={t.id} value={t.id}>
                  #{t.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="search-author" className="block text-xs font-medium text-zinc-600 dark:text-zinc-400">
              Author
            </label>
            <input
              id="search-author"
              name="author"
              defaultValue={form.author}
              maxLength={64}
              placeholder="username"
              className={`${inputClass} mt-1`}
            />
          </div>
          <div>
            <label htmlFor="search-from" className="block text-xs font-medium text-zinc-600 dark:text-zinc-400">
              From
            </label>
            <input id="search-from" name="from" type="date" defaultValue={form.from} className={`${inputClass} mt-1`} />
          </div>
          <div>
            <label htmlFor="search-to" className="block text-xs font-medium text-zinc-600 dark:text-zinc-400">
              To
            </label>
            <input id="search-to" name="to" type="date" defaultValue={form.to} className={`${inputClass} mt-1`} />
          </div>
          <div>
            <label htmlFor="search-sort" className="block text-xs font-medium text-zinc-600 dark:text-zinc-400">
              Sort
            </label>
            <select id="search-sort" name="sort" defaultValue={form.sort} className={`${inputClass} mt-1`}>
              <option value="relevance">Best match</option>
              <option value="newest">Newest</option>
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

      {users.length ? (
        <section aria-labelledby="user-hits">
          <h2 id="user-hits" className="mb-2 text-sm font-semibold text-zinc-700 dark:text-zinc-300">
            People
          </h2>
          <ul className="flex flex-wrap gap-2">
            {users.map((u) => (
              <li key={u.id}>
                <Link
                  href={`/u/${encodeURIComponent(u.username)}`}
                  className="search-hl inline-flex items-center gap-2 rounded-full border border-zinc-200 bg-white py-1 pr-3 pl-1 text-sm hover:border-sky-600 dark:border-zinc-800 dark:bg-zinc-900"
                >
                  <Avatar src={u.avatar} name={u.username} size={24} />
                  <span dangerouslySetInnerHTML={{ __html: u.highlightedUsername }} />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {form.q.trim() && !error ? (
        <section aria-labelledby="post-hits" className="space-y-3">
          <h2 id="post-hits" className="text-sm font-semibold text-zinc-700 dark:text-zinc-300">
            {posts.length ? `Posts${form.page ? ` — page ${form.page + 1}` : ""}` : "No posts match"}
          </h2>
          {posts.length ? (
            <ol
              className="overflow-hidden rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900/40"
              data-testid="search-results"
            >
              {posts.map((p) => (
                <li
                  key={p.id}
                  className="search-hl border-b border-zinc-200 px-3 py-3 last:border-b-0 sm:px-4 dark:border-zinc-800"
                  data-testid="search-result"
                >
                  <h3 className="text-base leading-snug font-semibold">
                    <Link
                      href={`/posts/${p.id}`}
                      className="hover:text-sky-700 hover:underline dark:hover:text-sky-400"
                      dangerouslySetInnerHTML={{ __html: p.highlightedTitle }}
                    />
                  </h3>
                  <p
                    className="mt-1 line-clamp-3 text-sm text-zinc-700 dark:text-zinc-300"
                    dangerouslySetInnerHTML={{ __html: p.highlightedContent }}
                  />
                  <p className="mt-2 flex flex-wrap gap-x-3 text-xs text-zinc-600 dark:text-zinc-400">
                    <Link href={`/c/${p.category.id}`} className="font-medium hover:underline">
                      {p.category.name}
                    </Link>
                    <span>
                      by{" "}
                      <Link href={`/u/${encodeURIComponent(p.author.username)}`} className="hover:underline">
                        {p.author.username}
                      </Link>{" "}
                      <RelativeTime iso={p.createdAt} />
                    </span>
                    <span>
                      {p.commentCount} {p.commentCount === 1 ? "comment" : "comments"}
                    </span>
                  </p>
                </li>
              ))}
            </ol>
          ) : (
            <p className="rounded-lg border border-dashed border-zinc-300 p-6 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
              Try fewer words, another spelling, or remove filters.
            </p>
          )}
          <nav aria-label="Pagination" className="flex items-center justify-between">
            {form.page > 0 ? (
              <Link href={href(form.page - 1)} rel="prev" className={buttonClass("secondary", "sm")}>
                ← Previous
              </Link>
            ) : (
              <span />
            )}
            {posts.length === PAGE_SIZE ? (
              <Link href={href(form.page + 1)} rel="next" className={buttonClass("secondary", "sm")}>
                Next →
              </Link>
            ) : (
              <span />
            )}
          </nav>
        </section>
      ) : null}
    </div>
  );
}
