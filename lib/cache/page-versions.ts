import { sql, type SQL } from "drizzle-orm";
import { db, rawRows, reusableStatement } from "@/db";
import type { Change, ChangeKind } from "@/lib/changes/announce";
import { storableText } from "@/lib/validation/text";
import { ownAccessSql } from "@/lib/permissions/category-access";
import { moderatesPostSql } from "@/lib/permissions/category-moderators";

/**
 * Versions of the cached post pages ("a comment on one post must not throw away cached pages
 * that cannot contain that post").
 *
 * An anonymous post page shows one post, its comments, polls, lottery and reactions, and beside them
 * what every page shows: members' names, avatars and medals, category and tag names, site settings. So
 * a cached post page is checked against two rows of `post_page_versions`: its own post's and row 0,
 * "everything". After a committed write, stampVersions (the read caches' listener: lib/cache/listeners.ts)
 * stamps the rows of the posts whose pages it changed with a fresh `nextval('page_version')` (or row 0
 * when it changed something every page may show); a comment on post 7 leaves post 8's cached page in
 * place. Lists and profiles: see below.
 *
 * Coherence is the content version's rule: the stamp happens after the commit and is awaited before the
 * write returns, and a page is stored under the version read before it was rendered, so a page rendered
 * from data older than a stamp is never served after it. Stamped values come from a sequence, so a row
 * never returns to a value it had: the pair read at lookup differs from the stored one after any stamp.
 */

/** Shown beside content on every page, or unknown rows: every post page may change. */
const EVERY_PAGE: ReadonlySet<ChangeKind> = new Set(["user", "category", "tag", "site-settings"]);
/** Kinds whose ids are post ids. */
const OF_A_POST: ReadonlySet<ChangeKind> = new Set(["post", "activity", "poll", "lottery", "subscription"]);
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

/** The insert that stamps the post pages a committed write changed (in id order, so two stamps never deadlock), or null. */
function postStampSql(changes: readonly Change[]): SQL | null {
  const what = pagesChanged(changes);
  const postIds = what === "all" ? [EVERYTHING] : what.postIds;
  const commentIds = what === "all" ? [] : what.commentIds;
  if (!postIds.length && !commentIds.length) return null;
  return sql`
    insert into post_page_versions (post_id, version)
    select id, nextval('page_version') from (
      select unnest(${intArray(postIds)}::int[]) as id
      union
      select post_id from comments where id = any(${intArray(commentIds)}::int[])
    ) s
    order by id
    on conflict (post_id) do update set version = excluded.version
    returning 1`;
}

/**
 * The versions of the pages of several posts, read in a caller's statement (`inIds`: an SQL `in (…)`):
 * a JSON object from post id (and EVERYTHING) to version; `postVersionIn` gives one post's version from
 * it, in the format of postPageVersion. The post cache (lib/services/posts/loader.ts) keeps a Post object
 * under its page's version: a comment on one post leaves the other posts of a list cached.
 */
export const postVersionsSql = (inIds: SQL) =>
  sql`(select json_object_agg(post_id, version) from post_page_versions where post_id = ${EVERYTHING} or post_id ${inIds})`;

export function postVersionIn(versions: Record<string, string | number> | null | undefined, postId: number): string {
  return `p${versions?.[EVERYTHING] ?? 0}:${versions?.[postId] ?? 0}`;
}

/** A post page's version as SQL: "everything" and its own post's row. */
const postVersionSql = (
  postId: number | SQL,
) => sql`'p' || coalesce((select version::text from post_page_versions where post_id = ${EVERYTHING}), '0')
  || ':' || coalesce((select version::text from post_page_versions where post_id = ${postId}::int), '0')`;

/**
 * For a member's request of a post page (one small query): the version, and whether the page members
 * share is theirs too: not when they wrote the post (they may edit, pin and see it unpublished), have
 * a hidden comment on it (its text is shown to its author only), or moderate its category through a
 * group (its moderation buttons are theirs: issue 57).
 */
export async function memberPostPage(postId: number, viewerId: number): Promise<{ version: string; shared: boolean }> {
  const [row] = await rawRows<{ v: string; own: boolean }>(
    db,
    sql`
    select ${postVersionSql(postId)} as v,
      exists (select 1 from posts p where p.id = ${postId}::int and p.author_id = ${viewerId}::int)
        or exists (select 1 from comments c where c.post_id = ${postId}::int and c.author_id = ${viewerId}::int
                   and c.hidden_at is not null and c.deleted_at is null)
        or ${ownAccessSql(viewerId)}
        or ${moderatesPostSql(postId, viewerId)} as own`,
  );
  return { version: row?.v ?? "p0:0", shared: !row?.own };
}

/** The version a cached page of post `postId` is stored and checked under (read in a batch: see batchedVersion). */
export async function postPageVersion(postId: number): Promise<string> {
  return batchedVersion(`p${Math.trunc(postId)}`);
}

/**
 * The versions anonymous visitors' pages are checked against, read in batches: every request that asks
 * before a batch's query is sent joins it, so the query's snapshot is taken after every one of those
 * requests arrived: each sees every write that had committed (and stamped its pages) before it asked,
 * exactly as with a query of its own. A request that asks once the query has been sent waits for the
 * next batch.
 *
 * A batch is sent after the turn of the event loop that opened it (setImmediate), and only while no
 * other batch is on its way (MAX_IN_FLIGHT): under load, the requests that arrive while one batch is
 * being answered all join the next (sending each batch as soon as its turn ended made batches of
 * barely two requests under load: bench/results/page-cache-history.md). A request waits at most for the
 * batch before its own: two round trips to Postgres instead of one.
 *
 * A batch is a list of keys (`p<post id>`, or a list scope key: see scopeKey) sent as JSON to one
 * statement whose text never changes (one prepared statement per connection, whatever the batch holds).
 */
type VersionBatch = Map<string, { resolve: (v: string) => void; reject: (e: unknown) => void }[]>;
const MAX_BATCH = 64;
const MAX_IN_FLIGHT = 1;
let openBatch: VersionBatch | null = null;
/** Batches not sent yet, oldest first (the open one, if any, is the last). */
const waiting: VersionBatch[] = [];
let inFlight = 0;

function batchedVersion(key: string): Promise<string> {
  if (!openBatch || openBatch.size >= MAX_BATCH) {
    const batch: VersionBatch = (openBatch = new Map());
    waiting.push(batch);
    setImmediate(sendBatches);
  }
  let waiters = openBatch.get(key);
  if (!waiters) openBatch.set(key, (waiters = []));
  const list = waiters;
  return new Promise((resolve, reject) => list.push({ resolve, reject }));
}

/** Sends the waiting batches, oldest first, while fewer than MAX_IN_FLIGHT are on their way. */
function sendBatches(): void {
  while (inFlight < MAX_IN_FLIGHT && waiting.length) {
    const batch = waiting.shift()!;
    inFlight++;
    // The next batch goes after the turn in which this answer came: the requests read in that turn join it.
    void readBatch(batch).finally(() => {
      inFlight--;
      setImmediate(sendBatches);
    });
  }
}

const readVersions = reusableStatement<{ v: string }>((keys) => {
  const k = sql.raw("b.k");
  const postId = sql`case when ${k} ~ '^p[0-9]{1,9}$' then substr(${k}, 2)::int end`;
  return sql`
    select case when ${k} like 'p%' then ${postVersionSql(postId)} else ${listVersionSql(scopeOfKeySql(k))} end as v
    from json_array_elements_text(${keys}::json) with ordinality as b(k, n)
    order by b.n`;
});

async function readBatch(batch: VersionBatch): Promise<void> {
  if (openBatch === batch) openBatch = null; // from here on, a request joins the next batch
  const keys = [...batch.keys()];
  try {
    const rows = await readVersions(JSON.stringify(keys));
    keys.forEach((key, i) => batch.get(key)!.forEach((w) => w.resolve(rows[i]!.v)));
  } catch (e) {
    for (const waiters of batch.values()) for (const w of waiters) w.reject(e);
  }
}

/**
 * Lists and profiles (home, category, tag and profile pages) are checked the same way against two rows
 * of `list_page_versions`: their own scope's ('home', 'c<id>', 't<id>', 'u<user id>') and 'all'.
 *
 * What members do on a post (a comment, a reaction, a vote, a lottery entry: "activity", "comment",
 * "poll", "lottery", "subscription") leaves it on the same lists with the same counts, so it stamps only
 * the pages that can show it: the home, its category's and tags' lists, its author's profile, and the
 * profiles of the comments' authors; a member's points and experience ("account") stamp their profile.
 * Anything else that can change a list (a post created, edited, moved, moderated, pinned; names,
 * categories, tags, settings) stamps 'all': which lists a post left is not known after the commit.
 */
const ACTIVITY: ReadonlySet<ChangeKind> = new Set(["activity", "poll", "lottery", "subscription"]);
/** On no list or profile page ("reaction" comes with the post or comment it was on). */
const ON_NO_LIST: ReadonlySet<ChangeKind> = new Set(["reaction", "notification", "point-good", "token"]);

export function listsChanged(changes: readonly Change[]): "all" | { postIds: number[]; commentIds: number[]; userIds: number[] } {
  const postIds = new Set<number>();
  const commentIds = new Set<number>();
  const userIds = new Set<number>();
  for (const c of changes) {
    if (ON_NO_LIST.has(c.kind)) continue;
    const into = ACTIVITY.has(c.kind) ? postIds : c.kind === "comment" ? commentIds : c.kind === "account" ? userIds : null;
    if (!into || !c.ids.length) return "all";
    for (const id of c.ids) into.add(id);
  }
  return { postIds: [...postIds], commentIds: [...commentIds], userIds: [...userIds] };
}

/**
 * The scopes ('home', 'c<id>', 't<id>', 'u<user id>', or 'all') of the list and profile pages a
 * committed write changed, as a select of one `scope` column, or null when it changed none.
 */
function listScopesSql(changes: readonly Change[]): SQL | null {
  const what = listsChanged(changes);
  if (what !== "all" && !what.postIds.length && !what.commentIds.length && !what.userIds.length) return null;
  if (what === "all") return sql`select 'all' as scope`;
  return sql`
      with ps as (
        select unnest(${intArray(what.postIds)}::int[]) as id
        union select post_id from comments where id = any(${intArray(what.commentIds)}::int[])
      )
      select 'home' as scope where exists (select 1 from ps)
      union select 'c' || p.category_id from posts p join ps on ps.id = p.id
      union select 'u' || p.author_id from posts p join ps on ps.id = p.id
      union select 't' || pt.tag_id from post_tags pt join ps on ps.id = pt.post_id
      union select 'u' || c.author_id from comments c where c.id = any(${intArray(what.commentIds)}::int[])
      union select 'u' || unnest(${intArray(what.userIds)}::int[])`;
}

/**
 * The insert that stamps list and profile scopes (in scope order: no deadlocks), keeping in `previous`
 * the version each replaced (ON CONFLICT sees the row as committed, whoever wrote it last).
 */
const listStampSql = (scopes: SQL) => sql`
    insert into list_page_versions (scope, version)
    select scope, nextval('page_version') from (${scopes}) s
    order by scope
    on conflict (scope) do update set previous = list_page_versions.version, version = excluded.version
    returning scope, previous::text, version::text`;

/** One stamped list scope: its version before (null: none yet) and after the stamp. */
export type ListStamp = { scope: string; previous: string | null; version: string };

/**
 * After a committed write: stamps the post pages and the list and profile pages it changed (post pages
 * first, then lists, in every statement: two stamps never wait on each other in a cycle) and bumps the
 * content version (lib/cache/content-version.ts), which the other read caches (API lists, comments,
 * change logs) are checked against. One statement, awaited before the write returns (registered by
 * lib/cache/listeners.ts). Gives back the list stamps, for the renders ahead (lib/cache/render-ahead.ts).
 */
export async function stampVersions(changes: readonly Change[]): Promise<ListStamp[]> {
  const scopes = listScopesSql(changes);
  const [row] = await rawRows<{ lists: ListStamp[] | null }>(db, stampStatement([postStampSql(changes), scopes && listStampSql(scopes)]));
  return row?.lists ?? [];
}

/**
 * One statement: the stamps as data-modifying CTEs (each run, in order), the content version's bump, and
 * the rows of the list stamp (`lists`: scope, previous, version) when there is one.
 */
function stampStatement([posts, lists]: [SQL | null, SQL | null]): SQL {
  const ctes = [posts && sql`post_stamp as (${posts})`, lists && sql`list_stamp as (${lists})`].filter((s): s is SQL => !!s);
  return sql`${ctes.length ? sql`with ${sql.join(ctes, sql`, `)} ` : sql``}select nextval('content_version')${posts ? sql`, (select count(*) from post_stamp)` : sql``},
    ${lists ? sql`(select json_agg(list_stamp) from list_stamp)` : sql`null`} as lists`;
}

const LIST_SCOPE = /^\/(?:(c|t)\/(\d{1,9})|u\/([^/]{1,64}))?$/;

/**
 * The scope key of a list or profile path: `home`, `c<id>`, `t<id>`, or `~<name or id, lower case>` for
 * a profile, whose scope (`u<user id>`) is its user's, found by id, else by name in any case, as findUser.
 */
function scopeKey(path: string): string | null {
  const m = LIST_SCOPE.exec(path);
  if (!m) return null;
  if (m[1]) return m[1] + Number(m[2]);
  if (m[3] === undefined) return "home";
  let key: string;
  try {
    // A NUL cannot reach Postgres, even in the JSON of the batch (22P05): it reads as U+FFFD, a name no one has.
    key = storableText(decodeURIComponent(m[3]).trim());
  } catch {
    key = "";
  }
  return `~${key.toLowerCase()}`;
}

/** The scope of a list page's path ('home', 'c<id>', 't<id>'), or null for a profile or any other page. */
export function listScope(path: string): string | null {
  const key = scopeKey(path);
  return key === null || key.startsWith("~") ? null : key;
}

/** The scope of a scope key (as SQL text) as SQL. */
function scopeOfKeySql(k: SQL) {
  const name = sql`substr(${k}, 2)`;
  const id = sql`(case when ${name} ~ '^[0-9]{1,9}$' then ${name}::int end)`;
  return sql`case when ${k} like '~%' then 'u' || coalesce((select u.id from users u where u.id = ${id} or lower(u.username) = ${name}
    order by (u.id = ${id}) desc nulls last limit 1), 0) else ${k} end`;
}

const listVersionSql = (scope: SQL) => sql`'l' || coalesce((select version::text from list_page_versions where scope = 'all'), '0')
  || ':' || coalesce((select version::text from list_page_versions where scope = ${scope}), '0')`;

/** The version a cached list or profile page at `path` is stored and checked under (read in a batch: see batchedVersion). */
export async function listPageVersion(path: string): Promise<string | null> {
  const key = scopeKey(path);
  return key === null ? null : batchedVersion(key);
}

/**
 * The version of the 'all' row alone: what every list shows that no activity on a post changes (the
 * categories with their post counts, the tags with theirs). Read in a batch like the pages' versions.
 *
 * Stamped before any page is rendered again for the write (renders ahead come after it), so what is
 * kept under it was read after the write.
 */
export async function allListsVersion(): Promise<string> {
  return batchedVersion("all");
}

/**
 * For a member's request of a list or profile page (one small query): its version, whether the
 * member has ONLY_ME posts of their own (then their lists differ from other members'), and whether the
 * page is their own profile (then it is rendered for them).
 */
export async function memberListPage(
  path: string,
  viewerId: number,
): Promise<{ version: string; hasPrivate: boolean; own: boolean } | null> {
  const key = scopeKey(path);
  if (key === null) return null;
  const scope = scopeOfKeySql(sql`${key}::text`);
  const [row] = await rawRows<{ v: string; private: boolean; own: boolean }>(
    db,
    sql`
    select ${listVersionSql(scope)} as v, (${scope}) = ${`u${viewerId}`} as own,
      (exists (select 1 from posts p where p.author_id = ${viewerId}::int and p.status = 'PUBLISHED' and p.visible_scope = 'ONLY_ME')
        or ${ownAccessSql(viewerId)}) as private`,
  );
  return { version: row?.v ?? "l0:0", hasPrivate: !!row?.private, own: !!row?.own };
}
