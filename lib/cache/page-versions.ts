import { sql } from "drizzle-orm";
import { db, rawRows } from "@/db";
import { onChange, type Change, type ChangeKind } from "@/lib/services/changes";

/**
 * Versions of the cached post pages (issue 15: "a comment on one post must not throw away cached pages
 * that cannot contain that post").
 *
 * An anonymous post page shows one post, its comments, polls, lottery and reactions, and beside them
 * what every page shows: members' names, avatars and medals, category and tag names, site settings. So
 * a cached post page is checked against two rows of `post_page_versions`: its own post's and row 0,
 * "everything". After a committed write, the listener below stamps the rows of the posts whose pages it
 * changed with a fresh `nextval('page_version')` (or row 0 when it changed something every page may
 * show); a comment on post 7 leaves post 8's cached page in place. Lists and profiles stay on the
 * content version, which every write bumps (a comment may move a post onto any list).
 *
 * Coherence is the content version's rule: the stamp happens after the commit and is awaited before the
 * write returns, and a page is stored under the version read before it was rendered, so a page rendered
 * from data older than a stamp is never served after it. Stamped values come from a sequence, so a row
 * never returns to a value it had: the pair read at lookup differs from the stored one after any stamp.
 */

/** Shown beside content on every page, or unknown rows: every post page may change. */
const EVERY_PAGE: ReadonlySet<ChangeKind> = new Set(["user", "category", "tag", "site-settings"]);
/** Kinds whose ids are post ids. */
const OF_A_POST: ReadonlySet<ChangeKind> = new Set(["post", "poll", "lottery", "subscription"]);
/**
 * The post pages a write changed: `"all"`, or post ids and comment ids (whose posts are looked up).
 * The other kinds are on no anonymous post page (a member's points and settings, notifications, tokens,
 * the shop); "reaction" comes with the post or comment it was on.
 */
export function pagesChanged(changes: readonly Change[]): "all" | { postIds: number[]; commentIds: number[] } {
  const postIds = new Set<number>();
  const commentIds = new Set<number>();
  for (const c of changes) {
    if (EVERY_PAGE.has(c.kind)) return "all";
    const into = OF_A_POST.has(c.kind) ? postIds : c.kind === "comment" ? commentIds : null;
    if (!into) continue;
    if (!c.ids.length) return "all"; // "some post changed": which one is not known
    for (const id of c.ids) into.add(id);
  }
  return { postIds: [...postIds], commentIds: [...commentIds] };
}

const EVERYTHING = 0;
const intArray = (ids: number[]) => `{${ids.map((n) => Math.trunc(n)).join(",")}}`;

/** Stamps the post pages a committed write changed (in id order, so two stamps never deadlock). */
export async function stampPostPages(changes: readonly Change[]): Promise<void> {
  const what = pagesChanged(changes);
  const postIds = what === "all" ? [EVERYTHING] : what.postIds;
  const commentIds = what === "all" ? [] : what.commentIds;
  if (!postIds.length && !commentIds.length) return;
  await db.execute(sql`
    insert into post_page_versions (post_id, version)
    select id, nextval('page_version') from (
      select unnest(${intArray(postIds)}::int[]) as id
      union
      select post_id from comments where id = any(${intArray(commentIds)}::int[])
    ) s
    order by id
    on conflict (post_id) do update set version = excluded.version`);
}

/**
 * For a member's request of a post page (one small query): the version, and whether the page members
 * share is theirs too: not when they wrote the post (they may edit, pin and see it unpublished) or have
 * a hidden comment on it (its text is shown to its author only).
 */
export async function memberPostPage(postId: number, viewerId: number): Promise<{ version: string; shared: boolean }> {
  const [row] = await rawRows<{ v: string; own: boolean }>(db, sql`
    select coalesce((select version::text from post_page_versions where post_id = ${EVERYTHING}), '0')
      || ':' || coalesce((select version::text from post_page_versions where post_id = ${postId}::int), '0') as v,
      exists (select 1 from posts p where p.id = ${postId}::int and p.author_id = ${viewerId}::int)
        or exists (select 1 from comments c where c.post_id = ${postId}::int and c.author_id = ${viewerId}::int
                   and c.hidden_at is not null and c.deleted_at is null) as own`);
  return { version: `p${row?.v ?? "0:0"}`, shared: !row?.own };
}

/** The version a cached page of post `postId` is stored and checked under (one small query). */
export async function postPageVersion(postId: number): Promise<string> {
  const [row] = await rawRows<{ v: string }>(db, sql`
    select coalesce((select version::text from post_page_versions where post_id = ${EVERYTHING}), '0')
      || ':' || coalesce((select version::text from post_page_versions where post_id = ${postId}::int), '0') as v`);
  return `p${row?.v ?? "0:0"}`;
}

onChange("post-pages", stampPostPages);
