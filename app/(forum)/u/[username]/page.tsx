import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { cache } from "react";
import { Icon } from "@/components/ui/icon";
import { Link } from "@/components/ui/link";
import { Avatar } from "@/components/ui/avatar";
import { RelativeTime, absoluteTime } from "@/components/ui/relative-time";
import { PostCard } from "@/components/posts/post-card";
import { ClientNav } from "@/components/ui/client-nav";
import { toPostCard } from "@/components/posts/post-card-data";
import { MedalChip, RoleBadge } from "@/components/people/medal";
import { buttonClass } from "@/components/ui/button";
import { AppError } from "@/lib/errors";
import { statusOf } from "@/lib/api/errors";
import { markdownExcerpt, renderMarkdown } from "@/lib/markdown";
import { pageReader } from "@/lib/cache/page-reader";
import { ShellMarks } from "@/components/layout/shell-marks";
import { getProfile, listUserActivity, listUserPosts, listUserReplies } from "@/lib/services/users/profiles";
import { followCounts, listFollows } from "@/lib/services/social/follows";
import { PersonActions } from "@/components/people/person-actions";
import { BlockButton } from "@/components/people/block-button";
import { PeopleList } from "@/components/people/people-list";
import type { UserActivityDto } from "@/lib/validation/users";

type Props = {
  params: Promise<{ username: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const PAGE_SIZE = 20;
const TABS = [
  { key: "posts", label: "Posts" },
  { key: "replies", label: "Replies" },
  { key: "activity", label: "Activity" },
  { key: "followers", label: "Followers" },
  { key: "following", label: "Following" },
] as const;
type Tab = (typeof TABS)[number]["key"];

const loadProfile = cache(async (username: string) => {
  // Who the page is read as (lib/cache/page-reader.ts): the document members share is read as "some
  // member" (never the profile's owner); the member's header and unread marks come from the browser (ShellMarks).
  const { viewer, shared } = await pageReader();
  try {
    const profile = await getProfile(decodeURIComponent(username), viewer);
    return { viewer, shell: shared && viewer !== null, profile, follows: await followCounts(profile.id) };
  } catch (err) {
    if (err instanceof AppError && statusOf(err) === 404) notFound();
    throw err;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { profile } = await loadProfile((await params).username);
  return {
    title: profile.username,
    description: profile.introduction ? markdownExcerpt(profile.introduction, 160) : `${profile.username}'s profile`,
  };
}

function one(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

export default async function ProfilePage({ params, searchParams }: Props) {
  const { username } = await params;
  const sp = await searchParams;
  const { viewer, shell, profile, follows } = await loadProfile(username);
  const tab: Tab = TABS.some((t) => t.key === one(sp.tab)) ? (one(sp.tab) as Tab) : "posts";
  const page = Math.min(Math.max(0, Number.parseInt(one(sp.page) ?? "0", 10) || 0), 10_000);
  const base = `/u/${encodeURIComponent(profile.username)}`;
  // A name the member had before a rename (username_history): the old address moves for good (308).
  const asked = decodeURIComponent(username);
  if (asked.toLowerCase() !== profile.username.toLowerCase() && asked !== String(profile.id)) {
    const rest = new URLSearchParams(Object.entries(sp).flatMap(([k, v]) => (v === undefined ? [] : [v].flat().map((x) => [k, x]))));
    permanentRedirect(`${base}${rest.size ? `?${rest}` : ""}`);
  }
  const own = viewer?.id === profile.id;
  const q = { idOrUsername: String(profile.id), viewer, page, pageSize: PAGE_SIZE };

  const stats = [
    { label: "Posts", value: profile.postCount },
    { label: "Comments", value: profile.commentCount },
    { label: "Reactions received", value: profile.reactionCount },
    { label: "Featured", value: profile.featuredCount },
    { label: "Points", value: profile.point },
    { label: "Level", value: profile.currentLevel },
  ];

  let list: React.ReactNode;
  let hasNext = false;
  let postIds: number[] = [];
  if (tab === "posts") {
    const items = await listUserPosts(q);
    postIds = items.map((p) => p.id);
    // The member (and staff) also see their posts waiting for review or rejected, which postCount leaves out.
    hasNext = (page + 1) * PAGE_SIZE < profile.postCount || items.length === PAGE_SIZE;
    list = items.length ? (
      <ClientNav className="rounded-lg border border-zinc-200 dark:border-zinc-800">
        {items.map((p) => (
          <PostCard key={p.id} post={toPostCard(p)} />
        ))}
      </ClientNav>
    ) : (
      <Empty>{page ? "No more posts." : `${profile.username} has not posted anything you can see yet.`}</Empty>
    );
  } else if (tab === "replies") {
    const items = await listUserReplies(q);
    hasNext = (page + 1) * PAGE_SIZE < profile.commentCount;
    list = items.length ? (
      <ol className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
        {items.map((c) => (
          <li key={c.id} className="space-y-2 px-4 py-3" data-testid="profile-reply">
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              {c.replyTo ? <>Replied to {c.replyTo} on </> : <>Commented on </>}
              <Link href={`/posts/${c.post.id}#comment-${c.id}`} className="font-medium text-zinc-900 hover:underline dark:text-zinc-100">
                {c.post.title}
              </Link>{" "}
              · <RelativeTime iso={c.createdAt} />
            </p>
            <div className="markdown-body line-clamp-6 text-sm" dangerouslySetInnerHTML={{ __html: renderMarkdown(c.content) }} />
          </li>
        ))}
      </ol>
    ) : (
      <Empty>{page ? "No more replies." : `${profile.username} has not replied to anything you can see yet.`}</Empty>
    );
  } else if (tab === "followers" || tab === "following") {
    // Public, as in OpenIsle: the same list for every reader, so the shared page may hold it.
    const items = await listFollows({ identifier: String(profile.id), direction: tab, viewer, query: { page, pageSize: PAGE_SIZE } });
    hasNext = (page + 1) * PAGE_SIZE < follows[tab];
    const label = tab === "followers" ? `Members who follow ${profile.username}` : `Members ${profile.username} follows`;
    list = items.length ? (
      <PeopleList people={items} label={label} />
    ) : (
      <Empty>
        {page
          ? "No more members."
          : tab === "followers"
            ? `Nobody follows ${profile.username} yet.`
            : `${profile.username} does not follow anyone yet.`}
      </Empty>
    );
  } else {
    const items = await listUserActivity(q);
    hasNext = items.length === PAGE_SIZE;
    list = items.length ? (
      <ol className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
        {items.map((a, i) => (
          <ActivityLine key={`${a.kind}-${a.post.id}-${a.commentId ?? 0}-${i}`} a={a} />
        ))}
      </ol>
    ) : (
      <Empty>{page ? "No more activity." : "No activity you can see yet."}</Empty>
    );
  }

  if (shell)
    list = (
      <ShellMarks ids={postIds} visit={false}>
        {list}
      </ShellMarks>
    );
  const href = (t: Tab, p = 0) => `${base}?tab=${t}${p ? `&page=${p}` : ""}`;

  return (
    <div className="space-y-6">
      <section aria-labelledby="profile-name" className="rounded-lg border border-zinc-200 p-4 sm:p-6 dark:border-zinc-800">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <Avatar src={profile.avatar} name={profile.username} size={96} />
          <div className="min-w-0 flex-1 space-y-2">
            <div className="flex flex-wrap items-center gap-2">
              <h1 id="profile-name" className="text-2xl font-semibold tracking-tight break-all">
                {profile.username}
                {profile.displayName ? (
                  <span className="ml-2 text-lg font-normal text-zinc-600 dark:text-zinc-400" data-testid="profile-display-name">
                    {profile.displayName}
                  </span>
                ) : null}
              </h1>
              <RoleBadge role={profile.role} />
              {profile.bot ? (
                <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-semibold text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
                  Bot
                </span>
              ) : null}
              {profile.displayMedal ? <MedalChip type={profile.displayMedal} size="md" /> : null}
            </div>
            <p className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-sm text-zinc-600 dark:text-zinc-400">
              <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
                <Icon name="calendar-days" className="h-4 w-4" />
                Joined{" "}
                <time dateTime={profile.createdAt} title={absoluteTime(profile.createdAt)}>
                  {new Date(profile.createdAt).toLocaleDateString("en", {
                    year: "numeric",
                    month: "long",
                    day: "numeric",
                    timeZone: "UTC",
                  })}
                </time>
              </span>
              <span aria-hidden="true">·</span>
              <Link href={href("followers")} className="whitespace-nowrap hover:underline" data-testid="follower-count">
                <strong className="font-semibold text-zinc-900 tabular-nums dark:text-zinc-100">{follows.followers}</strong>{" "}
                {follows.followers === 1 ? "follower" : "followers"}
              </Link>
              <span aria-hidden="true">·</span>
              <Link href={href("following")} className="whitespace-nowrap hover:underline" data-testid="following-count">
                <strong className="font-semibold text-zinc-900 tabular-nums dark:text-zinc-100">{follows.following}</strong> following
              </Link>
              <span aria-hidden="true">·</span>
              <span className="whitespace-nowrap">
                Level {profile.currentLevel}
                {profile.nextLevelExp !== null ? ` (${profile.experience} / ${profile.nextLevelExp} XP)` : ` (${profile.experience} XP)`}
              </span>
            </p>
            {profile.introduction ? (
              <div
                className="markdown-body text-sm"
                data-testid="profile-introduction"
                dangerouslySetInnerHTML={{ __html: renderMarkdown(profile.introduction) }}
              />
            ) : (
              <p className="text-sm text-zinc-600 italic dark:text-zinc-400" data-testid="profile-introduction">
                {own ? "You have not written an introduction yet." : "No introduction yet."}
              </p>
            )}
          </div>
          {own ? (
            <Link href="/settings/profile" className={buttonClass("secondary", "sm", "self-start")}>
              <Icon name="settings" className="h-4 w-4" />
              Edit profile
            </Link>
          ) : (
            // The caller's own buttons, filled in by the browser: this document may be shared by every reader.
            <div className="flex flex-wrap items-center gap-2 self-start">
              <PersonActions username={profile.username} refreshOnChange />
              <BlockButton username={profile.username} />
            </div>
          )}
        </div>
        <dl className="mt-5 grid grid-cols-3 gap-2 sm:grid-cols-6">
          {stats.map((s) => (
            <div key={s.label} className="rounded-md bg-zinc-50 px-2 py-2 text-center dark:bg-zinc-900">
              <dt className="text-xs text-zinc-600 dark:text-zinc-400">{s.label}</dt>
              <dd className="text-lg font-semibold tabular-nums" data-testid={`stat-${s.label.toLowerCase().replace(/\s+/g, "-")}`}>
                {s.value}
              </dd>
            </div>
          ))}
        </dl>
        {profile.medals.length ? (
          <div className="mt-4">
            <h2 className="sr-only">Medals</h2>
            <ul className="flex flex-wrap gap-1.5" aria-label="Medals earned">
              {profile.medals.map((m) => (
                <li key={m}>
                  <MedalChip type={m} />
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>

      <nav aria-label="Profile sections" className="flex gap-1 overflow-x-auto border-b border-zinc-200 dark:border-zinc-800">
        {TABS.map((t) => (
          <Link
            key={t.key}
            href={href(t.key)}
            aria-current={t.key === tab ? "page" : undefined}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-sky-600 ${
              t.key === tab
                ? "border-sky-700 text-sky-800 dark:border-sky-400 dark:text-sky-300"
                : "border-transparent text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
            }`}
          >
            {t.label}
          </Link>
        ))}
      </nav>

      <section aria-label={TABS.find((t) => t.key === tab)!.label}>{list}</section>

      {page > 0 || hasNext ? (
        <nav aria-label="Pages" className="flex items-center justify-between text-sm">
          {page > 0 ? (
            <Link href={href(tab, page - 1)} className={buttonClass("secondary", "sm")} rel="prev">
              Newer
            </Link>
          ) : (
            <span />
          )}
          <span className="text-zinc-600 dark:text-zinc-400">Page {page + 1}</span>
          {hasNext ? (
            <Link href={href(tab, page + 1)} className={buttonClass("secondary", "sm")} rel="next">
              Older
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}

function Empty({ children }: { children: React.ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-zinc-300 p-6 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
      {children}
    </p>
  );
}

const ACTIVITY = {
  post: { icon: "file-text", verb: "Posted" },
  reply: { icon: "message-square", verb: "Replied on" },
  reaction: { icon: "smile-plus", verb: "Reacted on" },
} as const;

function ActivityLine({ a }: { a: UserActivityDto }) {
  const { icon, verb } = ACTIVITY[a.kind];
  const target = a.commentId ? `/posts/${a.post.id}#comment-${a.commentId}` : `/posts/${a.post.id}`;
  return (
    <li className="flex gap-3 px-4 py-3" data-testid="profile-activity">
      <Icon name={icon} className="mt-0.5 h-4 w-4 shrink-0 text-zinc-500 dark:text-zinc-400" />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {verb}{" "}
          <Link href={target} className="font-medium text-zinc-900 hover:underline dark:text-zinc-100">
            {a.post.title}
          </Link>
          {a.reactionType ? (
            <span className="text-zinc-600 dark:text-zinc-400"> ({a.reactionType.toLowerCase().replace(/_/g, " ")})</span>
          ) : null}{" "}
          · <RelativeTime iso={a.createdAt} className="text-zinc-600 dark:text-zinc-400" />
        </p>
        {a.excerpt ? <p className="line-clamp-2 text-sm text-zinc-600 dark:text-zinc-400">{a.excerpt}</p> : null}
      </div>
    </li>
  );
}
