import { useFormatter, useTranslations } from "next-intl";
import { Link } from "@/components/ui/link";
import { Avatar } from "@/components/ui/avatar";
import { RelativeTime } from "@/components/ui/relative-time";
import type { CommentHit } from "@/lib/services/search/comments";
import type { SearchKind } from "@/lib/services/search/everything";
import type { SearchPostDto, SearchResultDto, SearchUserDto } from "@/lib/validation/search";
import { MemberName } from "@/components/people/member-name";

const KIND_LABELS = {
  all: "kindAll",
  posts: "kindPosts",
  comments: "kindComments",
  people: "kindPeople",
  tags: "kindTags",
} as const satisfies Record<SearchKind, string>;

/** "1,000+" at the cap, in the page's language. */
export const countLabel = (n: number, cap: number, format: (n: number) => string = (x) => x.toLocaleString("en")) =>
  n >= cap ? `${format(cap)}+` : format(n);

/** The kind filter: links (a filter that applies at once), each with its count; the current one marked. */
export function KindTabs({
  kind,
  counts,
  cap,
  href,
}: {
  kind: SearchKind;
  counts: Record<Exclude<SearchKind, "all">, number>;
  cap: number;
  href: (kind: SearchKind) => string;
}) {
  const kinds = Object.keys(KIND_LABELS) as SearchKind[];
  const t = useTranslations("Search");
  const format = useFormatter();
  return (
    <nav aria-label={t("kindsLabel")} className="-mx-1 flex gap-1 overflow-x-auto border-b border-zinc-200 px-1 dark:border-zinc-800">
      {kinds.map((k) => {
        const current = k === kind;
        return (
          <Link
            key={k}
            href={href(k)}
            aria-current={current ? "page" : undefined}
            data-testid={`search-kind-${k}`}
            className={`inline-flex min-h-10 items-center gap-1.5 border-b-2 px-3 text-sm whitespace-nowrap ${
              current
                ? "border-sky-600 font-semibold text-zinc-900 dark:border-sky-400 dark:text-zinc-100"
                : "border-transparent text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
            }`}
          >
            {t(KIND_LABELS[k])}
            {k !== "all" ? (
              <span className="rounded-full bg-zinc-100 px-1.5 text-xs text-zinc-700 tabular-nums dark:bg-zinc-800 dark:text-zinc-300">
                {countLabel(counts[k], cap, (n) => format.number(n))}
              </span>
            ) : null}
          </Link>
        );
      })}
    </nav>
  );
}

const listClass = "overflow-hidden rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900/40";
const rowClass = "search-hl border-b border-zinc-200 px-3 py-3 last:border-b-0 sm:px-4 dark:border-zinc-800";

export function PostHits({ posts }: { posts: SearchPostDto[] }) {
  const t = useTranslations("Search");
  return (
    <ol className={listClass} data-testid="search-results">
      {posts.map((p) => (
        <li key={p.id} className={rowClass} data-testid="search-result">
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
            <Link href={`/c/${p.category.id}`} className="inline-flex min-h-6 items-center font-medium hover:underline">
              {p.category.name}
            </Link>
            <span>
              {t("by")}{" "}
              <Link href={`/u/${encodeURIComponent(p.author.username)}`} className="inline-flex min-h-6 items-center hover:underline">
                <MemberName username={p.author.username} />
              </Link>{" "}
              <RelativeTime iso={p.createdAt} />
            </span>
            <span>{t("commentCount", { count: p.commentCount })}</span>
          </p>
        </li>
      ))}
    </ol>
  );
}

/** Matching comments: the snippet, the post it is on, who wrote it and when; each links to the comment. */
export function CommentHits({ comments }: { comments: CommentHit[] }) {
  const t = useTranslations("Search");
  return (
    <ol className={listClass} data-testid="search-comment-results">
      {comments.map((c) => (
        <li key={c.id} className={rowClass} data-testid="search-comment-result">
          <p className="text-sm text-zinc-800 dark:text-zinc-200">
            <Link
              href={`/posts/${c.postId}#comment-${c.id}`}
              className="hover:underline"
              dangerouslySetInnerHTML={{ __html: c.highlightedText }}
            />
          </p>
          <p className="mt-2 flex flex-wrap items-center gap-x-2 text-xs text-zinc-600 dark:text-zinc-400">
            <Avatar src={c.author.avatar} name={c.author.username} size={20} decorative />
            <Link
              href={`/u/${encodeURIComponent(c.author.username)}`}
              className="inline-flex min-h-6 items-center font-medium hover:underline"
            >
              <MemberName username={c.author.username} />
            </Link>
            <span>{t("on")}</span>
            <Link
              href={`/posts/${c.postId}`}
              className="inline-flex min-h-6 items-center hover:underline"
              dangerouslySetInnerHTML={{ __html: c.highlightedPostTitle }}
            />
            <RelativeTime iso={c.createdAt} />
          </p>
        </li>
      ))}
    </ol>
  );
}

export function PeopleHits({ people }: { people: SearchUserDto[] }) {
  return (
    <ul className="flex flex-wrap gap-2" data-testid="search-people-results">
      {people.map((u) => (
        <li key={u.id}>
          <Link
            href={`/u/${encodeURIComponent(u.username)}`}
            className="search-hl inline-flex min-h-8 items-center gap-2 rounded-full border border-zinc-200 bg-white py-1 pr-3 pl-1 text-sm hover:border-sky-600 dark:border-zinc-800 dark:bg-zinc-900"
          >
            <Avatar src={u.avatar} name={u.username} size={24} />
            <span dangerouslySetInnerHTML={{ __html: u.highlightedUsername }} />
            {u.displayName ? <span className="text-zinc-600 dark:text-zinc-400">{u.displayName}</span> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function TagHits({ tags }: { tags: SearchResultDto[] }) {
  return (
    <ul className="flex flex-wrap gap-2" data-testid="search-tag-results">
      {tags.map((t) => (
        <li key={t.id}>
          <Link
            href={`/t/${t.id}`}
            className="search-hl inline-flex min-h-8 items-center rounded-full border border-zinc-200 bg-white px-3 py-1 text-sm hover:border-sky-600 dark:border-zinc-800 dark:bg-zinc-900"
          >
            #<span dangerouslySetInnerHTML={{ __html: t.highlightedText }} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
