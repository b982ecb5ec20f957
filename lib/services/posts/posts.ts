import { createHash } from "node:crypto";
import { and, asc, desc, eq, gte, inArray, ne, sql, type SQL } from "drizzle-orm";
import { db, rawRows, type DbOrTx } from "@/db";
import {
  categories, notifications, posts, postTags, tags, users, type CategorySnapshot, type PostStatus, type TagSnapshot,
} from "@/db/schema";
import { badRequest, conflict, notFound } from "@/lib/api/errors";
import { env } from "@/lib/env";
import { assertCanSeePost, assertOnPost, assertRole, canSeePost, visiblePostsWhere } from "@/lib/permissions";
import { categorySnapshot, tagSnapshot, writeChangeLogs, type NewChangeLog } from "@/lib/services/posts/change-logs";
import { loadCommentTree } from "@/lib/services/comments/comments";
import { createLottery } from "@/lib/services/posts/lotteries";
import { extractMentions, notifyMentions, withdrawHiddenMentions } from "@/lib/services/notifications/mentions";
import { notify } from "@/lib/services/notifications/writer";
import { resolveNewTags } from "@/lib/services/taxonomy/tags";
import { applyPoints, earnExperience, POINTS, refreshMedal, takeDailySlot } from "@/lib/services/points/points";
import { createPoll } from "@/lib/services/posts/polls";
import { loadPost, loadPosts } from "@/lib/services/posts/loader";
import { hitRateLimit } from "@/lib/limits/rate-limit";
import { firstUnreadComment, markPostRead } from "@/lib/services/posts/reads";
import { assertMayWrite } from "@/lib/services/auth/verification";
import { getPublishMode } from "@/lib/services/moderation/site-settings";
import type { PostDetailDto, PostDto } from "@/lib/validation/responses";
import type { CreatePostInput, ListPostsQuery, UpdatePostInput } from "@/lib/validation/posts";
import type { Viewer } from "@/lib/viewer";
import { afterCommit, changed } from "@/lib/services/changes";

/** Cap of GET /api/posts/recent (API.md §4). */
export const RECENT_CAP = 500;
/** A viewer's repeated views of a post within this window count once. */
export const VIEW_DEDUP_MINUTES = 30;

export type PostOrder = "created" | "latestReply" | "featured";

/** A page of post ids in list order (with creation times for the time-window lists). */
export type PostPage = { ids: number[]; createdAt?: Date[] };

function filterWhere(viewer: Viewer | null, q: Pick<ListPostsQuery, "categoryIds" | "tagIds">): SQL[] {
  const where: SQL[] = [visiblePostsWhere(viewer, { publishedOnly: true })];
  if (q.categoryIds.length) where.push(inArray(posts.categoryId, q.categoryIds));
  const tagIds = [...new Set(q.tagIds)];
  if (tagIds.length) {
    // AND: the post carries every listed tag (an unknown tag id matches nothing). One EXISTS per tag
    // lets the planner either walk the list index probing post_tags' primary key (common tags) or
    // start from the rarest tag's posts (rare tags), instead of grouping every tagged post.
    for (const tagId of tagIds) {
      where.push(sql`exists (select 1 from ${postTags} where ${postTags.postId} = ${posts.id} and ${postTags.tagId} = ${tagId})`);
    }
  }
  return where;
}

/** The page of ids for GET /api/posts and the home tabs: one query (visibility and filters included). */
export async function listPostIds(viewer: Viewer | null, q: ListPostsQuery, order: PostOrder = "created", extra = 0): Promise<PostPage> {
  const where = filterWhere(viewer, q);
  if (order === "featured") where.push(eq(posts.rssExcluded, false));
  const pinned = sql`${posts.pinnedAt} desc nulls last`;
  const orderBy =
    order === "latestReply" ? [pinned, desc(posts.lastReplyAt), desc(posts.id)] : [pinned, desc(posts.createdAt), desc(posts.id)];
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(...where))
    .orderBy(...orderBy)
    .limit(q.pageSize + extra)
    .offset(q.page * q.pageSize);
  return { ids: rows.map((r) => r.id) };
}

/**
 * A page of the server-rendered lists and whether another follows: one more id is read than shown,
 * so "Older" is offered only when there is an older post (never a page past the end).
 */
export async function listPostsPage(viewer: Viewer | null, q: ListPostsQuery, order: PostOrder = "created"): Promise<{ posts: PostDto[]; hasMore: boolean }> {
  const { ids } = await listPostIds(viewer, q, order, 1);
  return { posts: await loadPosts(ids.slice(0, q.pageSize), viewer, { cache: true }), hasMore: ids.length > q.pageSize };
}

/** GET /api/posts/recent: posts created in the last `minutes`, list order, at most RECENT_CAP. */
export function recentWindow(minutes: number) {
  return { since: new Date(Date.now() - minutes * 60_000), cap: RECENT_CAP };
}

export async function listRecentPostIds(viewer: Viewer | null, since: Date): Promise<PostPage> {
  const rows = await db
    .select({ id: posts.id, createdAt: posts.createdAt })
    .from(posts)
    .where(and(visiblePostsWhere(viewer, { publishedOnly: true }), gte(posts.createdAt, since)))
    .orderBy(sql`${posts.pinnedAt} desc nulls last`, desc(posts.createdAt), desc(posts.id))
    .limit(RECENT_CAP);
  return { ids: rows.map((r) => r.id), createdAt: rows.map((r) => r.createdAt) };
}

/** GET /api/admin/posts/pending (moderators): PENDING posts, oldest first. */
export async function listPendingPosts(viewer: Viewer | null, page: number, pageSize: number): Promise<PostDto[]> {
  assertRole(viewer, "MODERATOR");
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(eq(posts.status, "PENDING"))
    .orderBy(asc(posts.createdAt), asc(posts.id))
    .limit(pageSize)
    .offset(page * pageSize);
  return loadPosts(rows.map((r) => r.id), viewer);
}

/** How many posts await review (the staff header badge and the review page). */
export async function countPendingPosts(viewer: Viewer | null): Promise<number> {
  assertRole(viewer, "MODERATOR");
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(posts).where(eq(posts.status, "PENDING"));
  return row?.n ?? 0;
}

/** A reader as the edge saw it (lib/api/caller.ts `viewClient`): the client address and `Sec-Fetch-Dest`. */
export type ViewClient = { ip: string; fetchDest: string | null };

/**
 * The key that deduplicates views: the user id, else a hash of the client address alone (the
 * User-Agent is the client's to change, so it must not make a new viewer).
 */
export function viewerKey(viewer: Viewer | null, client?: ViewClient): string {
  if (viewer) return `u:${viewer.id}`;
  return viewerKeyForAddress(client?.ip ?? "unknown");
}

/** The view key of an anonymous visitor at this client address. */
export const viewerKeyForAddress = (ip: string) => "a:" + createHash("sha256").update(ip).digest("hex").slice(0, 32);

async function accessRow(runner: DbOrTx, id: number, lock = false) {
  const q = runner.select().from(posts).where(eq(posts.id, id));
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

/** Only what canSeePost reads of a post (a read path that needs no more than the permission). */
async function accessColumns(id: number) {
  const [row] = await db.select({ authorId: posts.authorId, status: posts.status, visibleScope: posts.visibleScope }).from(posts).where(eq(posts.id, id));
  return row;
}

/**
 * Counts one view of a post by `key` (once per viewer per VIEW_DEDUP_MINUTES) and, for a signed-in
 * viewer who is not the author, replaces that viewer's POST_VIEWED to the author. Called by the post
 * detail and by the page cache when it serves a cached post page (lib/api/page-cache.ts).
 *
 * The view and the counter are one statement (one round trip, atomic); most views are repeats inside
 * the window and stop there. Only a counted view by another member writes the notification, in its own
 * transaction (the old one deleted and the new one inserted together): if that fails, the view stays
 * counted and the author keeps the previous notification.
 */
export async function countPostView(a: { id: number; authorId: number; viewer: Viewer | null; key: string }) /* authorId is only read for a signed-in viewer */: Promise<void> {
  const { id, viewer } = a;
  const counted = await rawRows<{ id: number }>(db, sql`
    with counted as (
      insert into post_views (post_id, viewer_key, viewed_at) values (${id}, ${a.key}, now())
      on conflict (post_id, viewer_key) do update set viewed_at = now()
        where post_views.viewed_at < now() - make_interval(mins => ${VIEW_DEDUP_MINUTES})
      returning post_id
    )
    update ${posts} set views = ${posts.views} + 1 where ${posts.id} in (select post_id from counted) returning ${posts.id}`);
  if (!counted.length || !viewer || viewer.id === a.authorId) return;
  await db.transaction(async (tx) => {
    await tx
      .delete(notifications)
      .where(and(eq(notifications.type, "POST_VIEWED"), eq(notifications.postId, id), eq(notifications.fromUserId, viewer.id)));
    await notify(tx, { userId: a.authorId, type: "POST_VIEWED", fromUserId: viewer.id, postId: id });
  });
}

/**
 * GET /api/posts/{id}: counts a view (once per viewer per 30 minutes) and, for a signed-in viewer who
 * is not the author, replaces that viewer's POST_VIEWED to the author; then the post with its comments.
 * For a signed-in viewer, the first unread comment; the post is marked read unless `markRead` is false
 * (pages: a <Link> prefetch renders them too, so the page marks it read from the browser instead).
 */
export async function getPostDetail(a: { id: number; viewer: Viewer | null; client?: ViewClient; markRead?: boolean; shared?: boolean }): Promise<PostDetailDto> {
  const { id, viewer } = a;
  const post = await accessRow(db, id);
  assertCanSeePost(viewer, post);
  // A page members share (lib/api/page-cache.ts) is read as nobody in particular: no view, no read
  // mark (GET /api/users/me/page-state counts the member's view and marks the post read).
  const reader = a.shared ? null : viewer;
  // Fetched as an image, a script, a style… (e.g. a markdown image pointing here): not a reader.
  const dest = a.client?.fetchDest;
  if (!a.shared && (!dest || dest === "empty" || dest === "document")) await countPostView({ id, authorId: post.authorId, viewer, key: viewerKey(viewer, a.client) });
  // Read before the post is loaded, so its `newComments` already counts as read.
  const read = !reader ? null : a.markRead === false ? await firstUnreadComment(reader.id, id) : await markPostRead(reader.id, id);
  const [dto, comments] = await Promise.all([loadPost(id, viewer), loadCommentTree(id, viewer)]);
  if (!dto) throw notFound("Post not found");
  return read ? { ...dto, comments, firstUnreadCommentId: read.firstUnreadCommentId } : { ...dto, comments };
}

/**
 * The member's visit of a post page that members share (GET /api/users/me/page-state): with `visit`,
 * counts their view (and replaces their POST_VIEWED to the author) and marks the post read, as a
 * rendered page does; returns the first comment that was unread. Null when they may not see the post.
 */
export async function visitSharedPostPage(viewer: Viewer, id: number, visit: boolean): Promise<{ firstUnreadCommentId: number | null } | null> {
  const post = await accessColumns(id);
  if (!post || !canSeePost(viewer, post)) return null;
  if (!visit) return firstUnreadComment(viewer.id, id);
  await countPostView({ id, authorId: post.authorId, viewer, key: viewerKey(viewer) });
  return markPostRead(viewer.id, id);
}

async function categoryOr400(tx: DbOrTx, id: number): Promise<CategorySnapshot> {
  const [c] = await tx
    .select({ id: categories.id, name: categories.name, description: categories.description, icon: categories.icon, smallIcon: categories.smallIcon })
    .from(categories)
    .where(eq(categories.id, id));
  if (!c) throw badRequest(`Category ${id} does not exist`, "categoryId");
  return categorySnapshot(c);
}

async function tagsOr400(tx: DbOrTx, ids: number[]): Promise<TagSnapshot[]> {
  const rows = await tx.select().from(tags).where(inArray(tags.id, ids)).orderBy(asc(tags.id));
  if (rows.length !== new Set(ids).size) {
    const missing = ids.filter((id) => !rows.some((r) => r.id === id));
    throw badRequest(`Tag ${missing.join(", ")} does not exist`, "tagIds");
  }
  return rows.map(tagSnapshot);
}

async function currentTags(tx: DbOrTx, postId: number): Promise<TagSnapshot[]> {
  const rows = await tx
    .select({ id: tags.id, name: tags.name, description: tags.description, icon: tags.icon, smallIcon: tags.smallIcon, createdAt: tags.createdAt })
    .from(postTags)
    .innerJoin(tags, eq(tags.id, postTags.tagId))
    .where(eq(postTags.postId, postId))
    .orderBy(asc(tags.id));
  return rows.map(tagSnapshot);
}

/** POST_REVIEW_REQUEST to every moderator and admin (the author excluded by notify). */
async function requestReview(tx: DbOrTx, postId: number, authorId: number): Promise<void> {
  const staff = await tx.select({ id: users.id }).from(users).where(inArray(users.role, ["MODERATOR", "ADMIN"]));
  await notify(tx, staff.map((s) => ({ userId: s.id, type: "POST_REVIEW_REQUEST" as const, fromUserId: authorId, postId })));
}

/** POST /api/posts: the post, its tags, poll or lottery, points, experience and notifications in one transaction. */
export async function createPost(viewer: Viewer, input: CreatePostInput): Promise<PostDto> {
  const e = env();
  await assertMayWrite(viewer.id);
  await hitRateLimit(`post:${viewer.id}`, e.RATE_LIMIT_POSTS, e.RATE_LIMIT_WINDOW_SEC);
  const mode = await getPublishMode();
  const status: PostStatus = mode === "REVIEW" ? "PENDING" : "PUBLISHED";
  let medalChanged = false;
  const id = await afterCommit(db.transaction(async (tx) => {
    await categoryOr400(tx, input.categoryId);
    const tagIds = [...new Set([...input.tagIds, ...(await resolveNewTags(tx, viewer, input.newTags ?? []))])];
    await tagsOr400(tx, tagIds);
    const now = new Date();
    const [row] = await tx
      .insert(posts)
      .values({
        title: input.title,
        content: input.content,
        authorId: viewer.id,
        categoryId: input.categoryId,
        type: input.type,
        status,
        visibleScope: input.visibleScope,
        createdAt: now,
        lastReplyAt: now,
        updatedAt: now,
      })
      .returning({ id: posts.id });
    const postId = row!.id;
    await tx.insert(postTags).values(tagIds.map((tagId) => ({ postId, tagId })));
    if (input.type === "POLL" && input.poll) await createPoll(tx, postId, input.poll);
    if (input.type === "LOTTERY" && input.lottery) await createLottery(tx, postId, input.lottery);

    let pointReward = 0;
    if (await takeDailySlot(tx, viewer.id, "points:post", POINTS.postDailyCap)) {
      await applyPoints(tx, { userId: viewer.id, type: "POST", amount: POINTS.post, postId });
      pointReward = POINTS.post;
    }
    const reward = await earnExperience(tx, viewer.id, "post");
    await tx.update(posts).set({ reward, pointReward }).where(eq(posts.id, postId));

    if (status === "PENDING") await requestReview(tx, postId, viewer.id);
    else await notifyMentions(tx, { content: input.content, actorId: viewer.id, postId });
    medalChanged = await refreshMedal(tx, viewer.id);
    return postId;
  }), (postId) => [changed("post", postId), changed(medalChanged ? "user" : "account", viewer.id)]);
  return (await loadPost(id, viewer))!;
}

/** PUT /api/posts/{id}: one change log per changed field, with the edit, in one transaction. */
export async function updatePost(a: { id: number; viewer: Viewer; input: UpdatePostInput }): Promise<PostDto> {
  const { id, viewer, input } = a;
  await afterCommit(db.transaction(async (tx) => {
    const post = await accessRow(tx, id, true);
    assertCanSeePost(viewer, post);
    assertOnPost(viewer, post, "edit");
    const logs: NewChangeLog[] = [];
    const set: Partial<typeof posts.$inferInsert> = {};
    const restoredVersion = input.restoredVersion ?? null;
    const log = (l: Omit<NewChangeLog, "postId" | "actorId">) => logs.push({ postId: id, actorId: viewer.id, restoredVersion, ...l });

    if (input.title !== undefined && input.title !== post.title) {
      set.title = input.title;
      log({ type: "TITLE", oldTitle: post.title, newTitle: input.title });
    }
    if (input.content !== undefined && input.content !== post.content) {
      set.content = input.content;
      log({ type: "CONTENT", oldContent: post.content, newContent: input.content });
    }
    if (input.categoryId !== undefined && input.categoryId !== post.categoryId) {
      const next = await categoryOr400(tx, input.categoryId);
      const prev = await categoryOr400(tx, post.categoryId);
      set.categoryId = input.categoryId;
      log({ type: "CATEGORY", oldCategory: prev, newCategory: next });
    }
    if (input.tagIds !== undefined) {
      const ids = [...new Set([...input.tagIds, ...(await resolveNewTags(tx, viewer, input.newTags ?? []))])];
      const next = await tagsOr400(tx, ids);
      const prev = await currentTags(tx, id);
      const same = prev.length === next.length && prev.every((t, i) => t.id === next[i]!.id);
      if (!same) {
        await tx.delete(postTags).where(eq(postTags.postId, id));
        await tx.insert(postTags).values(next.map((t) => ({ postId: id, tagId: t.id })));
        log({ type: "TAG", oldTags: prev, newTags: next });
      }
    }
    if (input.visibleScope !== undefined && input.visibleScope !== post.visibleScope) {
      set.visibleScope = input.visibleScope;
      log({ type: "VISIBLE_SCOPE", oldVisibleScope: post.visibleScope, newVisibleScope: input.visibleScope });
    }
    if (!logs.length) return;
    const now = new Date();
    const staff = viewer.id !== post.authorId;
    await tx.update(posts).set({ ...set, updatedAt: now, ...(staff ? { staffEditedAt: now } : {}) }).where(eq(posts.id, id));
    await writeChangeLogs(tx, logs);
    if (staff) {
      const content = staffEditPhrase(logs, restoredVersion);
      await notify(tx, { userId: post.authorId, type: "CONTENT_MODERATED", fromUserId: viewer.id, postId: id, content });
    }
    if (set.visibleScope !== undefined) await withdrawHiddenMentions(tx, id);
    if (set.content !== undefined && post.status === "PUBLISHED") {
      // Only users newly mentioned by this edit are notified.
      const before = new Set(extractMentions(post.content));
      const added = extractMentions(set.content).filter((n) => !before.has(n));
      if (added.length) await notifyMentions(tx, { content: added.map((n) => `@[${n}]`).join(" "), actorId: viewer.id, postId: id });
    }
  }), [changed("post", id)]);
  return (await loadPost(id, viewer))!;
}

/**
 * What a staff edit did, in the words of the author's notification ("<moderator> … <post title>"):
 * a restore names its version; a change of category or tags alone says so; anything else is an edit.
 */
function staffEditPhrase(logs: NewChangeLog[], restoredVersion: number | null): string {
  if (restoredVersion !== null) return `restored version ${restoredVersion} of your post`;
  const types = new Set(logs.map((l) => l.type));
  if (types.size === 1 && types.has("CATEGORY")) return `moved your post to ${logs[0]!.newCategory?.name ?? "another category"}:`;
  if (types.size === 1 && types.has("TAG")) return "re-tagged your post";
  if (types.size === 1 && types.has("VISIBLE_SCOPE")) return "changed who can see your post";
  return "edited your post";
}

/** DELETE /api/posts/{id}: POST_DELETED to the author when someone else (a moderator) deletes it. */
export async function deletePost(a: { id: number; viewer: Viewer }): Promise<void> {
  const { id, viewer } = a;
  await afterCommit(db.transaction(async (tx) => {
    const post = await accessRow(tx, id, true);
    assertCanSeePost(viewer, post);
    assertOnPost(viewer, post, "delete");
    await tx.delete(posts).where(eq(posts.id, id));
    await notify(tx, { userId: post.authorId, type: "POST_DELETED", fromUserId: viewer.id, postId: null, content: post.title });
  }), [changed("post", id)]);
}

type Toggle = { id: number; viewer: Viewer; on: boolean };

/** close/reopen (author, moderator): a CLOSED entry when the state changes. */
export async function setClosed({ id, viewer, on }: Toggle): Promise<PostDto> {
  await afterCommit(db.transaction(async (tx) => {
    const post = await accessRow(tx, id, true);
    assertCanSeePost(viewer, post);
    assertOnPost(viewer, post, "close");
    if (post.closed === on) return;
    const now = new Date();
    const staff = viewer.id !== post.authorId;
    await tx.update(posts).set({ closed: on, updatedAt: now, ...(staff ? { staffEditedAt: now } : {}) }).where(eq(posts.id, id));
    await writeChangeLogs(tx, [{ postId: id, actorId: viewer.id, type: "CLOSED", oldClosed: post.closed, newClosed: on }]);
    if (staff) {
      const content = on ? "closed your post" : "reopened your post";
      await notify(tx, { userId: post.authorId, type: "CONTENT_MODERATED", fromUserId: viewer.id, postId: id, content });
    }
  }), [changed("post", id)]);
  return (await loadPost(id, viewer))!;
}

/** pin/unpin (moderator): a PINNED entry with the old and new pinnedAt. */
export async function setPinned({ id, viewer, on }: Toggle): Promise<PostDto> {
  await afterCommit(db.transaction(async (tx) => {
    const post = await accessRow(tx, id, true);
    assertCanSeePost(viewer, post);
    assertOnPost(viewer, post, "pin");
    if ((post.pinnedAt !== null) === on) return;
    const pinnedAt = on ? new Date() : null;
    await tx.update(posts).set({ pinnedAt }).where(eq(posts.id, id));
    await writeChangeLogs(tx, [{ postId: id, actorId: viewer.id, type: "PINNED", oldPinnedAt: post.pinnedAt, newPinnedAt: pinnedAt }]);
  }), [changed("post", id)]);
  return (await loadPost(id, viewer))!;
}

/**
 * feature/unfeature (moderator): featured ⇔ rssExcluded = false. The first feature of a post awards
 * the author +500 points; every feature sends POST_FEATURED.
 */
export async function setFeatured({ id, viewer, on }: Toggle): Promise<PostDto> {
  let medalOf: number | null = null;
  await afterCommit(db.transaction(async (tx) => {
    const post = await accessRow(tx, id, true);
    assertCanSeePost(viewer, post);
    assertOnPost(viewer, post, "feature");
    const featured = !post.rssExcluded;
    if (featured === on) return;
    const first = on && post.featuredAt === null;
    await tx
      .update(posts)
      .set({ rssExcluded: !on, ...(first ? { featuredAt: new Date() } : {}) })
      .where(eq(posts.id, id));
    await writeChangeLogs(tx, [{ postId: id, actorId: viewer.id, type: "FEATURED", oldFeatured: featured, newFeatured: on }]);
    if (!on) return;
    if (first) await applyPoints(tx, { userId: post.authorId, type: "FEATURE", amount: POINTS.feature, postId: id, fromUserId: viewer.id });
    await notify(tx, { userId: post.authorId, type: "POST_FEATURED", fromUserId: viewer.id, postId: id });
    if (await refreshMedal(tx, post.authorId)) medalOf = post.authorId;
  }), () => [changed("post", id), ...(medalOf === null ? [] : [changed("user", medalOf)])]);
  return (await loadPost(id, viewer))!;
}

/**
 * approve/reject (moderator) a post awaiting review: POST_REVIEWED to the author with `approved` and
 * the moderator's optional reason as its content.
 */
export async function reviewPost(a: { id: number; viewer: Viewer; approve: boolean; reason?: string | null }): Promise<PostDto> {
  const { id, viewer, approve } = a;
  await afterCommit(db.transaction(async (tx) => {
    const post = await accessRow(tx, id, true);
    assertCanSeePost(viewer, post);
    assertOnPost(viewer, post, "review");
    const allowed = approve ? post.status !== "PUBLISHED" : post.status === "PENDING";
    if (!allowed) throw conflict(`The post is ${post.status.toLowerCase()}`);
    await tx.update(posts).set({ status: approve ? "PUBLISHED" : "REJECTED" }).where(and(eq(posts.id, id), ne(posts.status, approve ? "PUBLISHED" : "REJECTED")));
    await notify(tx, { userId: post.authorId, type: "POST_REVIEWED", fromUserId: viewer.id, postId: id, approved: approve, content: a.reason || null });
    if (approve) await notifyMentions(tx, { content: post.content, actorId: post.authorId, postId: id });
  }), [changed("post", id)]);
  return (await loadPost(id, viewer))!;
}
