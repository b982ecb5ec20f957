import { and, count, desc, eq, inArray, notInArray, type SQL } from "drizzle-orm";
import { db } from "@/db";
import {
  DEFAULT_DISABLED_NOTIFICATION_TYPES, NOTIFICATION_TYPES, comments, notificationPrefs, notifications, users,
  type NotificationType,
} from "@/db/schema";
import { iso, userSummary, userSummaryColumns } from "@/lib/api/serializers";
import { loadCommentsByIds } from "@/lib/services/comments";
import { loadPosts } from "@/lib/services/post-loader";
import type { CommentDto, NotificationDto } from "@/lib/validation/objects";
import type { NotificationListQuery, NotificationPref } from "@/lib/validation/notifications";
import type { Viewer } from "@/lib/viewer";

const DEFAULT_DISABLED = new Set<NotificationType>(DEFAULT_DISABLED_NOTIFICATION_TYPES);

/** Every type with the user's choice: a notification_prefs row overrides the default. */
export async function getPrefs(userId: number): Promise<NotificationPref[]> {
  const rows = await db
    .select({ type: notificationPrefs.type, enabled: notificationPrefs.enabled })
    .from(notificationPrefs)
    .where(eq(notificationPrefs.userId, userId));
  const chosen = new Map(rows.map((r) => [r.type, r.enabled]));
  return NOTIFICATION_TYPES.map((type) => ({ type, enabled: chosen.get(type) ?? !DEFAULT_DISABLED.has(type) }));
}

async function disabledTypes(userId: number): Promise<NotificationType[]> {
  return (await getPrefs(userId)).filter((p) => !p.enabled).map((p) => p.type);
}

/**
 * Stores preferences; a row is kept only where the choice differs from the default,
 * so a later change of the defaults reaches users who never chose.
 */
export async function updatePrefs(userId: number, prefs: NotificationPref[]): Promise<NotificationPref[]> {
  const last = new Map(prefs.map((p) => [p.type, p.enabled]));
  await db.transaction(async (tx) => {
    const types = [...last.keys()];
    await tx.delete(notificationPrefs).where(and(eq(notificationPrefs.userId, userId), inArray(notificationPrefs.type, types)));
    const rows = [...last].filter(([type, enabled]) => enabled === DEFAULT_DISABLED.has(type)).map(([type, enabled]) => ({ userId, type, enabled }));
    if (rows.length) await tx.insert(notificationPrefs).values(rows);
  });
  return getPrefs(userId);
}

function visibleWhere(userId: number, disabled: NotificationType[], unreadOnly: boolean): SQL {
  const conds: SQL[] = [eq(notifications.userId, userId)];
  if (disabled.length) conds.push(notInArray(notifications.type, disabled));
  if (unreadOnly) conds.push(eq(notifications.read, false));
  return and(...conds)!;
}

/**
 * The caller's notifications, newest first, without the types they turned off. A constant number
 * of queries whatever the page size: prefs, the page, users, then the posts and comments loaders.
 * An embedded post the caller may not see (any more) is null, and so are its comments.
 */
export async function listNotifications(viewer: Viewer, q: NotificationListQuery & { unreadOnly?: boolean }): Promise<NotificationDto[]> {
  const disabled = await disabledTypes(viewer.id);
  const rows = await db
    .select({
      id: notifications.id,
      type: notifications.type,
      postId: notifications.postId,
      commentId: notifications.commentId,
      fromUserId: notifications.fromUserId,
      reactionType: notifications.reactionType,
      content: notifications.content,
      approved: notifications.approved,
      read: notifications.read,
      createdAt: notifications.createdAt,
      commentPostId: comments.postId,
      parentId: comments.parentId,
    })
    .from(notifications)
    .leftJoin(comments, eq(comments.id, notifications.commentId))
    .where(visibleWhere(viewer.id, disabled, !!q.unreadOnly))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(q.size)
    .offset(q.page * q.size);
  if (!rows.length) return [];

  const uniq = <T>(xs: (T | null | undefined)[]) => [...new Set(xs.filter((x): x is T => x !== null && x !== undefined))];
  const postIds = uniq(rows.flatMap((r) => [r.postId, r.commentPostId]));
  const commentIds = uniq(rows.flatMap((r) => [r.commentId, r.parentId]));
  const userIds = uniq(rows.map((r) => r.fromUserId));

  const [postList, commentMap, userRows] = await Promise.all([
    loadPosts(postIds, viewer, { cache: true }),
    commentIds.length ? loadCommentsByIds(commentIds) : Promise.resolve(new Map<number, CommentDto>()),
    userIds.length
      ? db
          .select(userSummaryColumns)
          .from(users)
          .where(inArray(users.id, userIds))
      : Promise.resolve([]),
  ]);
  const postMap = new Map(postList.map((p) => [p.id, p]));
  const userMap = new Map(userRows.map((u) => [u.id, userSummary(u)]));
  // A comment is shown only when the post it belongs to is visible to the caller.
  const commentOf = (id: number | null) => {
    const c = id === null ? undefined : commentMap.get(id);
    return c && postMap.has(c.postId) ? { ...c, replies: [] } : null;
  };

  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    post: (r.postId !== null && postMap.get(r.postId)) || null,
    comment: commentOf(r.commentId),
    parentComment: commentOf(r.parentId),
    fromUser: (r.fromUserId !== null && userMap.get(r.fromUserId)) || null,
    reactionType: r.reactionType,
    content: r.content,
    approved: r.approved,
    read: r.read,
    createdAt: iso(r.createdAt)!,
  }));
}

/** Unread notifications of the types the user has not turned off. */
export async function unreadCount(userId: number): Promise<{ count: number }> {
  const disabled = await disabledTypes(userId);
  const [row] = await db.select({ n: count() }).from(notifications).where(visibleWhere(userId, disabled, true));
  return { count: Number(row?.n ?? 0) };
}

/** Marks the given ids read; ids of other users' notifications are ignored. */
export async function markRead(userId: number, ids: number[]): Promise<{ updated: number }> {
  const updated = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), inArray(notifications.id, [...new Set(ids)]), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  return { updated: updated.length };
}

export async function markAllRead(userId: number): Promise<{ updated: number }> {
  const updated = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  return { updated: updated.length };
}
