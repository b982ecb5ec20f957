import "server-only";
import { and, asc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { db, type DbOrTx } from "@/db";
import { postChangeLogs, users, type CategorySnapshot, type ChangeLogType, type TagSnapshot, type VisibleScope } from "@/db/schema";
import { iso, userSummary } from "@/lib/services/dto";
import type { ChangeLogDto } from "@/lib/validation/responses";

export const SYSTEM_USERNAME = "system";
/** Entries written by the scheduler rather than a person; always shown as the `system` user. */
const SYSTEM_TYPES: ChangeLogType[] = ["VOTE_RESULT", "LOTTERY_RESULT"];

export type NewChangeLog = {
  postId: number;
  /** A comment's edit: listed in the comment's history, not the post's. */
  commentId?: number | null;
  /** The acting user; null (or omitted) for a system entry, which is attributed to the `system` user. */
  actorId?: number | null;
  type: ChangeLogType;
  oldTitle?: string | null;
  newTitle?: string | null;
  oldContent?: string | null;
  newContent?: string | null;
  oldCategory?: CategorySnapshot | null;
  newCategory?: CategorySnapshot | null;
  oldTags?: TagSnapshot[] | null;
  newTags?: TagSnapshot[] | null;
  oldClosed?: boolean | null;
  newClosed?: boolean | null;
  oldPinnedAt?: Date | null;
  newPinnedAt?: Date | null;
  oldFeatured?: boolean | null;
  newFeatured?: boolean | null;
  oldVisibleScope?: VisibleScope | null;
  newVisibleScope?: VisibleScope | null;
  amount?: number | null;
  /** The version a restore brought back. */
  restoredVersion?: number | null;
};

export function categorySnapshot(c: CategorySnapshot): CategorySnapshot {
  return { id: c.id, name: c.name, description: c.description, icon: c.icon, smallIcon: c.smallIcon };
}

export function tagSnapshot(t: Omit<TagSnapshot, "createdAt"> & { createdAt: Date | string }): TagSnapshot {
  return { id: t.id, name: t.name, description: t.description, icon: t.icon, smallIcon: t.smallIcon, createdAt: iso(t.createdAt)! };
}

/** The `system` user's id, creating the (bot, password-less) account on first use. */
export async function systemUserId(tx: DbOrTx = db): Promise<number> {
  const find = () =>
    tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = ${SYSTEM_USERNAME}`)
      .limit(1);
  const [found] = await find();
  if (found) return found.id;
  await tx.insert(users).values({ username: SYSTEM_USERNAME, email: "system@localhost.invalid", bot: true }).onConflictDoNothing();
  const [again] = await find();
  return again!.id;
}

/** Writes change log entries in the caller's transaction (system entries get the `system` user). */
export async function writeChangeLogs(tx: DbOrTx, entries: NewChangeLog[]): Promise<void> {
  if (!entries.length) return;
  let systemId: number | undefined;
  const values = [];
  for (const e of entries) {
    let actorId = e.actorId ?? null;
    if (actorId === null || SYSTEM_TYPES.includes(e.type)) actorId = systemId ??= await systemUserId(tx);
    values.push({ ...e, actorId });
  }
  await tx.insert(postChangeLogs).values(values);
}

const withCount = <T extends object>(o: T) => ({ ...o, count: null });

/** A post's own history: its comments' edits (marked with commentId) are listed with each comment. */
export function loadChangeLogs(postId: number): Promise<ChangeLogDto[]> {
  return loadLogs(and(eq(postChangeLogs.postId, postId), isNull(postChangeLogs.commentId))!);
}

/** Entries of a post's own history by id, oldest first (the caller checks that the post is visible). */
export function loadChangeLogsByIds(postId: number, ids: number[]): Promise<ChangeLogDto[]> {
  if (!ids.length) return Promise.resolve([]);
  return loadLogs(and(eq(postChangeLogs.postId, postId), isNull(postChangeLogs.commentId), inArray(postChangeLogs.id, ids))!);
}

/** A comment's edits, oldest first (the caller checks that the comment is visible). */
export function loadCommentChangeLogs(commentId: number): Promise<ChangeLogDto[]> {
  return loadLogs(eq(postChangeLogs.commentId, commentId));
}

async function loadLogs(where: SQL): Promise<ChangeLogDto[]> {
  const rows = await db
    .select({
      log: postChangeLogs,
      username: users.username,
      avatar: users.avatar,
      displayName: users.displayName,
    })
    .from(postChangeLogs)
    .leftJoin(users, eq(users.id, postChangeLogs.actorId))
    .where(where)
    .orderBy(asc(postChangeLogs.createdAt), asc(postChangeLogs.id));
  return rows.map(({ log: l, username, avatar, displayName }) => {
    const system = !username || SYSTEM_TYPES.includes(l.type);
    const actor = system
      ? userSummary({ id: 0, username: SYSTEM_USERNAME, avatar: "", displayMedal: null, bot: true, displayName: null })
      : userSummary({ id: l.actorId!, username: username!, avatar: avatar ?? "", displayMedal: null, bot: false, displayName });
    const t = l.type;
    return {
      id: l.id,
      username: actor.username,
      userAvatar: actor.avatar,
      type: t,
      time: iso(l.createdAt)!,
      oldTitle: t === "TITLE" ? l.oldTitle : null,
      newTitle: t === "TITLE" ? l.newTitle : null,
      oldContent: t === "CONTENT" ? l.oldContent : null,
      newContent: t === "CONTENT" ? l.newContent : null,
      oldCategory: t === "CATEGORY" && l.oldCategory ? withCount(l.oldCategory) : null,
      newCategory: t === "CATEGORY" && l.newCategory ? withCount(l.newCategory) : null,
      oldTags: t === "TAG" ? (l.oldTags ?? []).map(withCount) : null,
      newTags: t === "TAG" ? (l.newTags ?? []).map(withCount) : null,
      oldClosed: t === "CLOSED" ? l.oldClosed : null,
      newClosed: t === "CLOSED" ? l.newClosed : null,
      oldPinnedAt: t === "PINNED" ? iso(l.oldPinnedAt) : null,
      newPinnedAt: t === "PINNED" ? iso(l.newPinnedAt) : null,
      oldFeatured: t === "FEATURED" ? l.oldFeatured : null,
      newFeatured: t === "FEATURED" ? l.newFeatured : null,
      oldVisibleScope: t === "VISIBLE_SCOPE" ? l.oldVisibleScope : null,
      newVisibleScope: t === "VISIBLE_SCOPE" ? l.newVisibleScope : null,
      amount: t === "DONATE" ? l.amount : null,
      restoredVersion: l.restoredVersion ?? null,
    };
  });
}
