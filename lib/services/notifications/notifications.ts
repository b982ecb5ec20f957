import "server-only";
import { markdownExcerpt } from "@/lib/markdown";
import { and, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db, jsonValue, rawRows } from "@/db";
import {
  DEFAULT_DISABLED_NOTIFICATION_TYPES,
  NOTIFICATION_TYPES,
  comments,
  notificationPrefs,
  notifications,
  users,
  type NotificationType,
} from "@/db/schema";
import { iso, userSummary } from "@/lib/services/dto";
import { loadCommentsByIds } from "@/lib/services/comments/comments";
import { versionSql } from "@/lib/cache/content-version";
import { postVersionIn, postVersionsSql } from "@/lib/cache/page-versions";
import { loadPosts, type ViewerState } from "@/lib/services/posts/loader";
import type { CommentDto, NotificationDto } from "@/lib/validation/responses";
import type { NotificationListQuery, NotificationPref } from "@/lib/validation/notifications";
import type { Viewer } from "@/lib/viewer";
import { afterCommit, announce } from "@/lib/changes/announce";
import { accountChanged, notificationsRead } from "@/lib/changes/written";
import { memberSeesCategorySql } from "@/lib/permissions/category-access";

const DEFAULT_DISABLED = new Set<NotificationType>(DEFAULT_DISABLED_NOTIFICATION_TYPES);

/** Every type with the user's choice: a notification_prefs row overrides the default. */
export async function getPrefs(viewer: Pick<Viewer, "id">): Promise<NotificationPref[]> {
  const userId = viewer.id;
  const rows = await db
    .select({ type: notificationPrefs.type, enabled: notificationPrefs.enabled })
    .from(notificationPrefs)
    .where(eq(notificationPrefs.userId, userId));
  const chosen = new Map(rows.map((r) => [r.type, r.enabled]));
  return NOTIFICATION_TYPES.map((type) => ({ type, enabled: chosen.get(type) ?? !DEFAULT_DISABLED.has(type) }));
}

/**
 * Stores preferences; a row is kept only where the choice differs from the default,
 * so a later change of the defaults reaches users who never chose.
 */
export async function updatePrefs(viewer: Pick<Viewer, "id">, { prefs }: { prefs: NotificationPref[] }): Promise<NotificationPref[]> {
  const userId = viewer.id;
  const last = new Map(prefs.map((p) => [p.type, p.enabled]));
  await afterCommit(
    db.transaction(async (tx) => {
      const types = [...last.keys()];
      await tx.delete(notificationPrefs).where(and(eq(notificationPrefs.userId, userId), inArray(notificationPrefs.type, types)));
      const rows = [...last]
        .filter(([type, enabled]) => enabled === DEFAULT_DISABLED.has(type))
        .map(([type, enabled]) => ({ userId, type, enabled }));
      if (rows.length) await tx.insert(notificationPrefs).values(rows);
    }),
    accountChanged(userId),
  );
  return getPrefs(viewer);
}

/**
 * The user's notifications of the types they have not turned off, as one SQL condition: a
 * notification_prefs row decides, else the default (so no separate query for the preferences).
 */
export function visibleWhere(userId: number, unreadOnly: boolean): SQL {
  const defaultsOff = sql.join(
    DEFAULT_DISABLED_NOTIFICATION_TYPES.map((t) => sql`${t}`),
    sql`, `,
  );
  const conds: SQL[] = [
    eq(notifications.userId, userId),
    sql`${notifications.type} not in (select np.type from notification_prefs np where np.user_id = ${userId} and not np.enabled)`,
    sql`(${notifications.type}::text not in (${defaultsOff})
      or ${notifications.type} in (select np.type from notification_prefs np where np.user_id = ${userId} and np.enabled))`,
  ];
  // Nothing about a post in a category the member may not see (any more): issue 57.
  conds.push(
    sql`(${notifications.postId} is null or ${memberSeesCategorySql(
      sql`${userId}::int`,
      sql`(select ru.role from users ru where ru.id = ${userId}::int)`,
      sql`(select np2.category_id from posts np2 where np2.id = ${notifications.postId})`,
    )})`,
  );
  if (unreadOnly) conds.push(eq(notifications.read, false));
  return and(...conds)!;
}

const fromUsers = alias(users, "from_user");

/**
 * The caller's notifications, newest first, without the types they turned off. A constant number
 * of queries whatever the page size: the page (preferences, sending users, the caller's subscriptions
 * and poll votes joined), then the posts and comments loaders (which reuse what the content version
 * in the page row says is current, see content-version.ts).
 * An embedded post the caller may not see (any more) is null, and so are its comments.
 */
export async function listNotifications(viewer: Viewer, q: NotificationListQuery & { unreadOnly?: boolean }): Promise<NotificationDto[]> {
  const rows = await notificationRows(viewer, visibleWhere(viewer.id, !!q.unreadOnly))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(q.size)
    .offset(q.page * q.size);
  return hydrateNotifications(viewer, rows);
}

/**
 * The caller's notifications with these ids (others' ids are left out), as the list answers them, in
 * the order of `ids`: the grouped list (groups.ts) shows each group's newest member this way.
 */
export async function notificationsByIds(viewer: Viewer, ids: number[]): Promise<NotificationDto[]> {
  if (!ids.length) return [];
  const rows = await notificationRows(viewer, and(eq(notifications.userId, viewer.id), inArray(notifications.id, ids))!);
  const byId = new Map((await hydrateNotifications(viewer, rows)).map((n) => [n.id, n]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The select of the list's rows (with what the loaders need), filtered by `where`. */
function notificationRows(viewer: Viewer, where: SQL) {
  return db
    .select({
      id: notifications.id,
      type: notifications.type,
      postId: notifications.postId,
      commentId: notifications.commentId,
      reactionType: notifications.reactionType,
      content: notifications.content,
      approved: notifications.approved,
      read: notifications.read,
      createdAt: notifications.createdAt,
      actorCount: sql<number>`greatest(cardinality(${notifications.actors}), 1)`,
      commentPostId: comments.postId,
      parentId: comments.parentId,
      version: sql<string>`${versionSql}`,
      // The versions of the embedded posts' pages (and of every page), under which the post cache keeps them.
      postVersions: sql<unknown>`${postVersionsSql(sql`in (${notifications.postId}, ${comments.postId})`)}`,
      // The caller's own state for the embedded posts, so that the post loader needs no query of its own.
      subscribed: sql<boolean>`exists (select 1 from post_subscriptions s where s.user_id = ${viewer.id} and s.post_id = ${notifications.postId})`,
      myVotes: sql<unknown>`(select json_agg(v.option order by v.id) from poll_votes v where v.user_id = ${viewer.id} and v.post_id = ${notifications.postId})`,
      commentPostSubscribed: sql<boolean>`exists (select 1 from post_subscriptions s where s.user_id = ${viewer.id} and s.post_id = ${comments.postId})`,
      from: {
        id: fromUsers.id,
        username: fromUsers.username,
        avatar: fromUsers.avatar,
        displayMedal: fromUsers.displayMedal,
        earnedMedal: fromUsers.earnedMedal,
        bot: fromUsers.bot,
        displayName: fromUsers.displayName,
      },
    })
    .from(notifications)
    .leftJoin(comments, eq(comments.id, notifications.commentId))
    .leftJoin(fromUsers, eq(fromUsers.id, notifications.fromUserId))
    .where(where);
}

type NotificationRow = Awaited<ReturnType<typeof notificationRows>>[number];

/** Rows to DTOs: the posts and comments they embed loaded in one go (a constant number of queries). */
async function hydrateNotifications(viewer: Viewer, rows: NotificationRow[]): Promise<NotificationDto[]> {
  if (!rows.length) return [];

  const uniq = <T>(xs: (T | null | undefined)[]) => [...new Set(xs.filter((x): x is T => x !== null && x !== undefined))];
  const postIds = uniq(rows.flatMap((r) => [r.postId, r.commentPostId]));
  const commentIds = uniq(rows.flatMap((r) => [r.commentId, r.parentId]));

  const postVersions = Object.assign({}, ...rows.map((r) => jsonValue<Record<string, number> | null>(r.postVersions, null)));
  const state: ViewerState = {
    version: rows[0]!.version,
    postVersion: (id) => postVersionIn(postVersions, id),
    ids: new Set(postIds),
    subscribed: new Set(),
    myVotes: new Map(),
    hasPrivate: false,
    also: {},
  };
  for (const r of rows) {
    if (r.postId !== null && r.subscribed) state.subscribed.add(r.postId);
    if (r.commentPostId !== null && r.commentPostSubscribed) state.subscribed.add(r.commentPostId);
    const votes = jsonValue<string[] | null>(r.myVotes, null);
    if (r.postId !== null && votes) state.myVotes.set(r.postId, votes);
  }

  const [postList, commentMap] = await Promise.all([
    loadPosts(postIds, viewer, { cache: true, state }),
    commentIds.length
      ? loadCommentsByIds(commentIds, viewer, { version: rows[0]!.version })
      : Promise.resolve(new Map<number, CommentDto>()),
  ]);
  const postMap = new Map(postList.map((p) => [p.id, p]));
  // A comment is shown only when the post it belongs to is visible to the caller, and its text (so the
  // excerpt) only where the comment-visibility rule lets the caller read it (loadCommentsByIds blanks it).
  const commentOf = (id: number | null) => {
    const c = id === null ? undefined : commentMap.get(id);
    return c && postMap.has(c.postId) ? { ...c, replies: [] } : null;
  };

  return rows.map((r) => {
    const comment = commentOf(r.commentId);
    const source = comment ? comment.content : r.content;
    return {
      id: r.id,
      type: r.type,
      post: (r.postId !== null && postMap.get(r.postId)) || null,
      comment,
      parentComment: commentOf(r.parentId),
      fromUser: r.from ? userSummary(r.from) : null,
      reactionType: r.reactionType,
      content: r.content,
      approved: r.approved,
      read: r.read,
      createdAt: iso(r.createdAt)!,
      excerpt: source ? markdownExcerpt(source, 140) : null,
      actorCount: Number(r.actorCount),
    };
  });
}

/**
 * The number of unread notifications of the types the user has not turned off, as an SQL value, so a
 * combined read (page-state) can ask for it in the same statement as the rest.
 */
export function unreadCountSql(userId: number): SQL<number> {
  return sql<number>`(${db.select({ n: count() }).from(notifications).where(visibleWhere(userId, true))})`;
}

/** Unread notifications of the types the user has not turned off. */
export async function unreadCount(viewer: Pick<Viewer, "id">): Promise<{ count: number }> {
  const [row] = await rawRows<{ n: number | string }>(db, sql`select ${unreadCountSql(viewer.id)} as n`);
  return { count: Number(row?.n ?? 0) };
}

/** Marks the given ids read; ids of other users' notifications are ignored. */
export async function markRead(viewer: Pick<Viewer, "id">, { ids }: { ids: number[] }): Promise<{ updated: number }> {
  const userId = viewer.id;
  const updated = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), inArray(notifications.id, [...new Set(ids)]), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  if (updated.length) await announce(notificationsRead(updated.map((u) => u.id)));
  return { updated: updated.length };
}

export async function markAllRead(viewer: Pick<Viewer, "id">): Promise<{ updated: number }> {
  const userId = viewer.id;
  const updated = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  if (updated.length) await announce(notificationsRead(updated.map((u) => u.id)));
  return { updated: updated.length };
}
