import type { Metadata } from "next";
import { getFormatter, getLocale, getTranslations } from "next-intl/server";
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
import { markdownExcerpt, renderMarkdownAsync } from "@/lib/markdown";
import { htmlOf } from "@/lib/services/content/stored-html";
import { pageReader } from "@/lib/cache/page-reader";
import { ShellMarks } from "@/components/layout/shell-marks";
import { getProfile, listUserActivity, listUserPosts, listUserReplies } from "@/lib/services/users/profiles";
import { listMemberGroups } from "@/lib/services/groups/groups";
import { ProfileGroups } from "@/components/groups/profile-groups";
import { followCounts, listFollows } from "@/lib/services/social/follows";
import { PersonActions } from "@/components/people/person-actions";
import { BlockButton } from "@/components/people/block-button";
import { PeopleList } from "@/components/people/people-list";
import type { UserActivityDto } from "@/lib/validation/users";
import { pageSegment } from "@/lib/api/page";
import { pageMetadata } from "@/lib/seo/metadata";
import { isDeletedName } from "@/lib/deleted-member";
import { defaultAvatar } from "@/lib/avatar-url";

type Props = {
  params: Promise<{ username: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const PAGE_SIZE = 20;
const TABS = ["posts", "replies", "activity", "followers", "following"] as const;
type Tab = (typeof TABS)[number];

const loadProfile = cache(async (username: string) => {
  // Who the page is read as (lib/cache/page-reader.ts): the document members share is read as "some
  // member" (never the profile's owner); the member's header and unread marks come from the browser (ShellMarks).
  const { viewer, shared } = await pageReader();
  try {
    const profile = await getProfile(viewer, { idOrUsername: pageSegment(username) });
    // The member's groups the reader may see (issue 57), one query; a shared render reads as "some member".
    const [follows, groups] = await Promise.all([followCounts(profile.id), listMemberGroups(viewer, { userId: profile.id })]);
    return { viewer, shell: shared && viewer !== null, profile, follows, groups };
  } catch (err) {
    if (err instanceof AppError && statusOf(err) === 404) notFound();
    throw err;
  }
});

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { profile } = await loadProfile((await params).username);
  const t = await getTranslations("Profile");
  if (isDeletedName(profile.username)) {
    const title = (await getTranslations("Member"))("deleted");
    return { ...(await pageMetadata({ path: `/u/${profile.id}`, title, description: t("deletedNote"), noindex: true })), title };
  }
  const sp = await searchParams;
  const description = profile.introduction
    ? markdownExcerpt(profile.introduction, 160)
    : t("metaDescription", { username: profile.username });
  // Canonical: the current name's address with the tab and page it shows; the people lists are not indexed.
  const tab = TABS.find((k) => k === one(sp.tab)) ?? "posts";
  const page = Math.min(Math.max(0, Number.parseInt(one(sp.page) ?? "0", 10) || 0), 10_000);
  const q = new URLSearchParams();
  if (tab !== "posts") q.set("tab", tab);
  if (page) q.set("page", String(page));
  const path = `/u/${encodeURIComponent(profile.username)}${q.size ? `?${q}` : ""}`;
  const image = profile.avatar && /^(https?:\/\/|\/(?!\/))/.test(profile.avatar) ? profile.avatar : null;
  const noindex = tab === "followers" || tab === "following";
  return {
    ...(await pageMetadata({ path, title: profile.username, description, image, type: "profile", noindex })),
    title: profile.username,
  };
}

function one(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

export default async function ProfilePage({ params, searchParams }: Props) {
  const { username } = await params;
  const sp = await searchParams;
  const { viewer, shell, profile, follows, groups } = await loadProfile(username);
  const [t, format, locale] = await Promise.all([getTranslations("Profile"), getFormatter(), getLocale()]);
  const timeLocale = locale === "zh-CN" ? "zh-CN" : "en";
  const tab: Tab = TABS.some((k) => k === one(sp.tab)) ? (one(sp.tab) as Tab) : "posts";
  const page = Math.min(Math.max(0, Number.parseInt(one(sp.page) ?? "0", 10) || 0), 10_000);
  const base = `/u/${encodeURIComponent(profile.username)}`;
  // A name the member had before a rename (username_history): the old address moves for good (308).
  const asked = pageSegment(username);
  if (asked.toLowerCase() !== profile.username.toLowerCase() && asked !== String(profile.id)) {
    const rest = new URLSearchParams(Object.entries(sp).flatMap(([k, v]) => (v === undefined ? [] : [v].flat().map((x) => [k, x]))));
    permanentRedirect(`${base}${rest.size ? `?${rest}` : ""}`);
  }
  // A deleted account (lib/deleted-member.ts): nothing of it to show but that it was deleted.
  if (isDeletedName(profile.username))
    return (
      <DeletedProfile
        avatar={profile.avatar || defaultAvatar(profile.username)}
        name={(await getTranslations("Member"))("deleted")}
        note={t("deletedNote")}
      />
    );
  const own = viewer?.id === profile.id;
  const q = { idOrUsername: String(profile.id), page, pageSize: PAGE_SIZE };

  // `id`: the test id (stat-posts …), the same in every language.
  const stats = [
    { id: "posts", label: t("statPosts"), value: profile.postCount },
    { id: "comments", label: t("statComments"), value: profile.commentCount },
    { id: "reactions-received", label: t("statReactions"), value: profile.reactionCount },
    { id: "featured", label: t("statFeatured"), value: profile.featuredCount },
    { id: "points", label: t("statPoints"), value: profile.point },
    { id: "level", label: t("statLevel"), value: profile.currentLevel },
  ];

  // The introduction is short (its own limit) and not stored: awaited from a worker, memoized.
  const introductionHtml = profile.introduction ? (await renderMarkdownAsync(profile.introduction)).html : "";
  const reactions = await getTranslations("Reactions");
  const reactionName = (type: string) => (reactions.has(`type.${type}`) ? reactions(`type.${type}` as never) : type);
  const shown = await tabList({ viewer, profile, follows, tab, page, q, t, reactionName });
  let { list } = shown;
  const { hasNext, postIds } = shown;

  if (shell)
    list = (
      <ShellMarks ids={postIds} visit={false}>
        {list}
      </ShellMarks>
    );
  const href = (t: Tab, p = 0) => `${base}?tab=${t}${p ? `&page=${p}` : ""}`;

  return (
    <div className="space-y-6">
      <ProfileHeader
        profile={profile}
        follows={follows}
        groups={groups}
        shared={shell}
        own={own}
        introductionHtml={introductionHtml}
        stats={stats}
        href={href}
        t={t}
        format={format}
        timeLocale={timeLocale}
      />

      <ProfileTabs tab={tab} href={href} t={t} />

      <section aria-label={t(`tab.${tab}`)}>{list}</section>

      {page > 0 || hasNext ? <Pager tab={tab} page={page} hasNext={hasNext} href={href} t={t} /> : null}
    </div>
  );
}

type ProfileT = Awaited<ReturnType<typeof getTranslations<"Profile">>>;
type ProfileDto = Awaited<ReturnType<typeof getProfile>>;
type Href = (tab: Tab, page?: number) => string;

/** The list of the tab shown, whether there is a next page, and the ids of the posts it shows. */
async function tabList(p: {
  viewer: Awaited<ReturnType<typeof pageReader>>["viewer"];
  profile: ProfileDto;
  follows: Awaited<ReturnType<typeof followCounts>>;
  tab: Tab;
  page: number;
  q: { idOrUsername: string; page: number; pageSize: number };
  t: ProfileT;
  reactionName: (type: string) => string;
}): Promise<{ list: React.ReactNode; hasNext: boolean; postIds: number[] }> {
  const { viewer, profile, follows, tab, page, q, t, reactionName } = p;
  let list: React.ReactNode;
  let hasNext = false;
  let postIds: number[] = [];
  if (tab === "posts") {
    const items = await listUserPosts(viewer, q);
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
      <Empty>{page ? t("noMorePosts") : t("noPosts", { username: profile.username })}</Empty>
    );
  } else if (tab === "replies") {
    const items = await listUserReplies(viewer, q);
    const html = await htmlOf("comments", items);
    hasNext = (page + 1) * PAGE_SIZE < profile.commentCount;
    list = items.length ? (
      <RepliesList items={items} html={html} t={t} />
    ) : (
      <Empty>{page ? t("noMoreReplies") : t("noReplies", { username: profile.username })}</Empty>
    );
  } else if (tab === "followers" || tab === "following") {
    // Public, as in OpenIsle: the same list for every reader, so the shared page may hold it.
    const items = await listFollows(viewer, { identifier: String(profile.id), direction: tab, query: { page, pageSize: PAGE_SIZE } });
    hasNext = (page + 1) * PAGE_SIZE < follows[tab];
    const label =
      tab === "followers" ? t("followersLabel", { username: profile.username }) : t("followingLabel", { username: profile.username });
    list = items.length ? (
      <PeopleList people={items} label={label} />
    ) : (
      <Empty>
        {page
          ? t("noMoreMembers")
          : tab === "followers"
            ? t("noFollowers", { username: profile.username })
            : t("noFollowing", { username: profile.username })}
      </Empty>
    );
  } else {
    const items = await listUserActivity(viewer, q);
    hasNext = items.length === PAGE_SIZE;
    list = items.length ? (
      <ol className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
        {items.map((a, i) => (
          <ActivityLine key={`${a.kind}-${a.post.id}-${a.commentId ?? 0}-${i}`} a={a} t={t} reaction={reactionName} />
        ))}
      </ol>
    ) : (
      <Empty>{page ? t("noMoreActivity") : t("noActivity")}</Empty>
    );
  }
  return { list, hasNext, postIds };
}

/** The member's card: avatar, name and badges, dates and counts, introduction, actions, stats, medals, groups. */
function ProfileHeader({
  profile,
  follows,
  groups,
  shared,
  own,
  introductionHtml,
  stats,
  href,
  t,
  format,
  timeLocale,
}: {
  profile: ProfileDto;
  follows: Awaited<ReturnType<typeof followCounts>>;
  groups: Awaited<ReturnType<typeof listMemberGroups>>;
  shared: boolean;
  own: boolean;
  introductionHtml: string;
  stats: { id: string; label: string; value: number }[];
  href: Href;
  t: ProfileT;
  format: Awaited<ReturnType<typeof getFormatter>>;
  timeLocale: "zh-CN" | "en";
}) {
  return (
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
                {t("bot")}
              </span>
            ) : null}
            {profile.displayMedal ? <MedalChip type={profile.displayMedal} size="md" /> : null}
          </div>
          <p className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-sm text-zinc-600 dark:text-zinc-400">
            <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
              <Icon name="calendar-days" className="h-4 w-4" />
              {t.rich("joined", {
                date: () => (
                  <time dateTime={profile.createdAt} title={absoluteTime(profile.createdAt, timeLocale)}>
                    {format.dateTime(new Date(profile.createdAt), { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" })}
                  </time>
                ),
              })}
            </span>
            <span aria-hidden="true">·</span>
            <Link href={href("followers")} className="whitespace-nowrap hover:underline" data-testid="follower-count">
              {t.rich("followers", {
                count: follows.followers,
                n: (c) => <strong className="font-semibold text-zinc-900 tabular-nums dark:text-zinc-100">{c}</strong>,
              })}
            </Link>
            <span aria-hidden="true">·</span>
            <Link href={href("following")} className="whitespace-nowrap hover:underline" data-testid="following-count">
              {t.rich("following", {
                count: follows.following,
                n: (c) => <strong className="font-semibold text-zinc-900 tabular-nums dark:text-zinc-100">{c}</strong>,
              })}
            </Link>
            <span aria-hidden="true">·</span>
            <span className="whitespace-nowrap">
              {profile.nextLevelExp !== null
                ? t("levelProgress", { level: profile.currentLevel, xp: profile.experience, next: profile.nextLevelExp })
                : t("levelXp", { level: profile.currentLevel, xp: profile.experience })}
            </span>
          </p>
          {profile.introduction ? (
            <div
              className="markdown-body text-sm"
              data-testid="profile-introduction"
              dangerouslySetInnerHTML={{ __html: introductionHtml }}
            />
          ) : (
            <p className="text-sm text-zinc-600 italic dark:text-zinc-400" data-testid="profile-introduction">
              {own ? t("noIntroOwn") : t("noIntro")}
            </p>
          )}
        </div>
        {own ? (
          <Link href="/settings/profile" className={buttonClass("secondary", "sm", "self-start")}>
            <Icon name="settings" className="h-4 w-4" />
            {t("editProfile")}
          </Link>
        ) : (
          // The caller's own buttons, filled in by the browser: this document may be shared by every reader.
          <div className="flex flex-wrap items-start gap-2 self-start">
            <PersonActions username={profile.username} refreshOnChange />
            <BlockButton username={profile.username} />
          </div>
        )}
      </div>
      <ProfileStats profile={profile} groups={groups} shared={shared} stats={stats} t={t} format={format} />
    </section>
  );
}

/** The member's numbers, medals and groups, under the card. */
function ProfileStats({
  profile,
  groups,
  shared,
  stats,
  t,
  format,
}: {
  profile: ProfileDto;
  groups: Awaited<ReturnType<typeof listMemberGroups>>;
  /** The render members share: the reader's own list of groups comes from the browser. */
  shared: boolean;
  stats: { id: string; label: string; value: number }[];
  t: ProfileT;
  format: Awaited<ReturnType<typeof getFormatter>>;
}) {
  return (
    <>
      <dl className="mt-5 grid grid-cols-3 gap-2 sm:grid-cols-6">
        {stats.map((s) => (
          <div key={s.id} className="rounded-md bg-zinc-50 px-2 py-2 text-center dark:bg-zinc-900">
            <dt className="text-xs text-zinc-600 dark:text-zinc-400">{s.label}</dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid={`stat-${s.id}`}>
              {format.number(s.value)}
            </dd>
          </div>
        ))}
      </dl>
      {profile.medals.length ? (
        <div className="mt-4">
          <h2 className="sr-only">{t("medals")}</h2>
          <ul className="flex flex-wrap gap-1.5" aria-label={t("medalsEarned")}>
            {profile.medals.map((m) => (
              <li key={m}>
                <MedalChip type={m} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <ProfileGroups
        username={profile.username}
        initial={groups}
        shared={shared}
        heading={t("groups")}
        label={t("groupsOf", { username: profile.username })}
      />
    </>
  );
}

/** The member's comments, each with the post it is on and its text. */
function RepliesList({ items, html, t }: { items: Awaited<ReturnType<typeof listUserReplies>>; html: Map<number, string>; t: ProfileT }) {
  return (
    <ol className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
      {items.map((c) => (
        <li key={c.id} className="space-y-2 px-4 py-3" data-testid="profile-reply">
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {t.rich(c.replyTo ? "repliedTo" : "commentedOn", {
              user: c.replyTo ?? "",
              post: () => (
                <Link href={`/posts/${c.post.id}#comment-${c.id}`} className="font-medium text-zinc-900 hover:underline dark:text-zinc-100">
                  {c.post.title}
                </Link>
              ),
            })}{" "}
            · <RelativeTime iso={c.createdAt} />
          </p>
          <div className="markdown-body line-clamp-6 text-sm" dangerouslySetInnerHTML={{ __html: html.get(c.id) ?? "" }} />
        </li>
      ))}
    </ol>
  );
}

function ProfileTabs({ tab, href, t }: { tab: Tab; href: Href; t: ProfileT }) {
  return (
    <nav aria-label={t("sections")} className="flex gap-1 overflow-x-auto border-b border-zinc-200 dark:border-zinc-800">
      {TABS.map((k) => (
        <Link
          key={k}
          href={href(k)}
          aria-current={k === tab ? "page" : undefined}
          className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-sky-600 ${
            k === tab
              ? "border-sky-700 text-sky-800 dark:border-sky-400 dark:text-sky-300"
              : "border-transparent text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
          }`}
        >
          {t(`tab.${k}`)}
        </Link>
      ))}
    </nav>
  );
}

function Pager({ tab, page, hasNext, href, t }: { tab: Tab; page: number; hasNext: boolean; href: Href; t: ProfileT }) {
  return (
    <nav aria-label={t("pages")} className="flex items-center justify-between text-sm">
      {page > 0 ? (
        <Link href={href(tab, page - 1)} className={buttonClass("secondary", "sm")} rel="prev">
          {t("newer")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-zinc-600 dark:text-zinc-400">{t("page", { page: page + 1 })}</span>
      {hasNext ? (
        <Link href={href(tab, page + 1)} className={buttonClass("secondary", "sm")} rel="next">
          {t("older")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
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
  post: { icon: "file-text", verb: "activityPost" },
  reply: { icon: "message-square", verb: "activityReply" },
  reaction: { icon: "smile-plus", verb: "activityReaction" },
} as const;

function ActivityLine({
  a,
  t,
  reaction,
}: {
  a: UserActivityDto;
  t: Awaited<ReturnType<typeof getTranslations<"Profile">>>;
  reaction: (type: string) => string;
}) {
  const { icon, verb } = ACTIVITY[a.kind];
  const target = a.commentId ? `/posts/${a.post.id}#comment-${a.commentId}` : `/posts/${a.post.id}`;
  return (
    <li className="flex gap-3 px-4 py-3" data-testid="profile-activity">
      <Icon name={icon} className="mt-0.5 h-4 w-4 shrink-0 text-zinc-500 dark:text-zinc-400" />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {t.rich(verb, {
            post: () => (
              <Link href={target} className="font-medium text-zinc-900 hover:underline dark:text-zinc-100">
                {a.post.title}
              </Link>
            ),
          })}
          {a.reactionType ? (
            <span className="text-zinc-600 dark:text-zinc-400">{t("reactionType", { name: reaction(a.reactionType) })}</span>
          ) : null}{" "}
          · <RelativeTime iso={a.createdAt} className="text-zinc-600 dark:text-zinc-400" />
        </p>
        {a.excerpt ? <p className="line-clamp-2 text-sm text-zinc-600 dark:text-zinc-400">{a.excerpt}</p> : null}
      </div>
    </li>
  );
}

function DeletedProfile({ avatar, name, note }: { avatar: string; name: string; note: string }) {
  return (
    <section
      aria-labelledby="profile-name"
      className="rounded-lg border border-zinc-200 p-4 sm:p-6 dark:border-zinc-800"
      data-testid="deleted-profile"
    >
      <div className="flex items-center gap-4">
        <Avatar src={avatar} name={name} size={64} decorative />
        <div>
          <h1 id="profile-name" className="text-2xl font-semibold italic">
            {name}
          </h1>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{note}</p>
        </div>
      </div>
    </section>
  );
}
