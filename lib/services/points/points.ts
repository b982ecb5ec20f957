import "server-only";
import { and, asc, desc, eq, inArray, isNotNull, isNull, not, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db, rawRows, type DbOrTx, type Tx } from "@/db";
import { comments, dailyCounters, pointGoods, pointHistories, posts, redemptions, users, type PointHistoryType } from "@/db/schema";
import { insufficientPoints } from "@/lib/errors";
import { iso } from "@/lib/services/dto";
import { visiblePostsWhere } from "@/lib/permissions";
import { canReadComment } from "@/lib/services/shared/comment-visibility";
import { earnedMedals } from "@/lib/services/shared/medals";
import type { PointHistoryDto, TrendPointDto } from "@/lib/validation/economy";
import type { Viewer } from "@/lib/viewer";

/** Point amounts and daily caps (docs/api.md §5, OpenIsle's values). */
export const POINTS = { post: 30, postDailyCap: 2, comment: 10, commentDailyCap: 4, reaction: 10, feature: 500 } as const;
export const EXPERIENCE = { post: 30, postDailyCap: 2, comment: 10, commentDailyCap: 4, reaction: 5, reactionDailyCap: 4 } as const;

export type LedgerEntry = {
  userId: number;
  type: PointHistoryType;
  amount: number;
  postId?: number | null;
  commentId?: number | null;
  fromUserId?: number | null;
  /** REDEEM: the redemption it paid for. */
  redemptionId?: number | null;
};

/**
 * Locks the users whose balances or experience a write will change, in id order, so that two crossing
 * writes (A reacts to B while B reacts to A) queue instead of deadlocking. Same lock strength as UPDATE.
 */
export async function lockUsers(tx: Tx, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (!unique.length) return;
  await tx.select({ id: users.id }).from(users).where(inArray(users.id, unique)).orderBy(asc(users.id)).for("no key update");
}

/**
 * The only way a balance changes: a conditional update (never below zero, no read-then-write) and its
 * ledger row, in the caller's transaction. Throws 409 insufficient_points when the balance would go negative.
 */
export async function applyPoints(tx: DbOrTx, e: LedgerEntry): Promise<number> {
  const [u] = await tx
    .update(users)
    .set({ point: sql`${users.point} + ${e.amount}` })
    .where(and(eq(users.id, e.userId), sql`${users.point} + ${e.amount} >= 0`))
    .returning({ point: users.point });
  if (!u) throw insufficientPoints();
  await tx.insert(pointHistories).values({
    userId: e.userId,
    type: e.type,
    amount: e.amount,
    balance: u.point,
    postId: e.postId ?? null,
    commentId: e.commentId ?? null,
    fromUserId: e.fromUserId ?? null,
    redemptionId: e.redemptionId ?? null,
  });
  return u.point;
}

export const utcDay = (d = new Date()) => d.toISOString().slice(0, 10);

/** Atomically counts one more `kind` event today for the user; true while within `cap`. */
export async function takeDailySlot(tx: DbOrTx, userId: number, kind: string, cap: number): Promise<boolean> {
  const [row] = await tx
    .insert(dailyCounters)
    .values({ userId, day: utcDay(), kind, count: 1 })
    .onConflictDoUpdate({
      target: [dailyCounters.userId, dailyCounters.day, dailyCounters.kind],
      set: { count: sql`${dailyCounters.count} + 1` },
    })
    .returning({ count: dailyCounters.count });
  return (row?.count ?? Infinity) <= cap;
}

export async function addExperience(tx: DbOrTx, userId: number, amount: number): Promise<void> {
  if (amount === 0) return;
  await tx
    .update(users)
    .set({ experience: sql`${users.experience} + ${amount}` })
    .where(eq(users.id, userId));
}

/** Experience for a creation, within its daily cap; returns what was earned (the object's `reward`). */
export async function earnExperience(tx: DbOrTx, userId: number, kind: "post" | "comment" | "reaction"): Promise<number> {
  const amount = EXPERIENCE[kind];
  const cap = kind === "post" ? EXPERIENCE.postDailyCap : kind === "comment" ? EXPERIENCE.commentDailyCap : EXPERIENCE.reactionDailyCap;
  if (!(await takeDailySlot(tx, userId, `exp:${kind}`, cap))) return 0;
  await addExperience(tx, userId, amount);
  return amount;
}

/**
 * Recomputes the stored best earned medal after an event that may change it (post, comment, feature).
 * Returns whether it changed: the medal shows beside the member's name on every page, so the caller
 * then announces a "user" change rather than an "account" one (lib/changes/written.ts).
 */
export async function refreshMedal(tx: DbOrTx, userId: number): Promise<boolean> {
  const medal = (await earnedMedals(tx, userId))[0] ?? null;
  const unchanged = medal === null ? isNull(users.earnedMedal) : and(isNotNull(users.earnedMedal), eq(users.earnedMedal, medal));
  const rows = await tx
    .update(users)
    .set({ earnedMedal: medal })
    .where(and(eq(users.id, userId), not(unchanged!)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * The caller's ledger, newest first, with the titles / contents / names it refers to (one query).
 * A post's title and a comment's text appear only while the caller may see that post now (a post made
 * ONLY_ME after the points were earned must not show its new title through the ledger), and a comment's
 * text only while the caller may read it (comment-visibility.ts: "" once deleted or hidden by flags).
 * A redemption's row names the good (as it was named then) and whether an admin has handed it over.
 */
export async function listPointHistories(viewer: Viewer, a: { page: number; pageSize: number }): Promise<PointHistoryDto[]> {
  const fromUser = alias(users, "from_user");
  const commentPost = alias(posts, "comment_post");
  const rows = await db
    .select({
      id: pointHistories.id,
      type: pointHistories.type,
      amount: pointHistories.amount,
      balance: pointHistories.balance,
      postId: pointHistories.postId,
      postTitle: posts.title,
      commentId: pointHistories.commentId,
      commentContent: comments.content,
      commentDeletedAt: comments.deletedAt,
      commentHiddenAt: comments.hiddenAt,
      commentAuthorId: comments.authorId,
      commentPostVisible: commentPost.id,
      fromUserId: pointHistories.fromUserId,
      fromUserName: fromUser.username,
      redemptionId: redemptions.id,
      redemptionGoodId: redemptions.goodId,
      redemptionGoodName: redemptions.goodName,
      redemptionFulfilledAt: redemptions.fulfilledAt,
      goodRetiredAt: pointGoods.retiredAt,
      goodExists: pointGoods.id,
      createdAt: pointHistories.createdAt,
    })
    .from(pointHistories)
    .leftJoin(posts, and(eq(posts.id, pointHistories.postId), visiblePostsWhere(viewer)))
    .leftJoin(comments, eq(comments.id, pointHistories.commentId))
    .leftJoin(commentPost, and(eq(commentPost.id, comments.postId), visiblePostsWhere(viewer, {}, commentPost)))
    .leftJoin(fromUser, eq(fromUser.id, pointHistories.fromUserId))
    .leftJoin(redemptions, eq(redemptions.id, pointHistories.redemptionId))
    .leftJoin(pointGoods, eq(pointGoods.id, redemptions.goodId))
    .where(eq(pointHistories.userId, viewer.id))
    .orderBy(desc(pointHistories.id))
    .limit(a.pageSize)
    .offset(a.page * a.pageSize);
  return rows.map(
    ({
      commentDeletedAt,
      commentHiddenAt,
      commentAuthorId,
      commentPostVisible,
      redemptionId,
      redemptionGoodId,
      redemptionGoodName,
      redemptionFulfilledAt,
      goodRetiredAt,
      goodExists,
      ...r
    }) => ({
      ...r,
      postTitle: r.postTitle ?? null,
      commentContent:
        commentPostVisible === null
          ? null
          : !canReadComment(viewer, { authorId: commentAuthorId!, hidden: commentHiddenAt !== null, deleted: commentDeletedAt !== null })
            ? ""
            : (r.commentContent ?? null),
      fromUserName: r.fromUserName ?? null,
      redemption:
        redemptionId === null
          ? null
          : {
              id: redemptionId,
              goodId: redemptionGoodId,
              goodName: redemptionGoodName!,
              onOffer: goodExists !== null && goodRetiredAt === null,
              status: redemptionFulfilledAt ? ("fulfilled" as const) : ("pending" as const),
            },
      createdAt: iso(r.createdAt)!,
    }),
  );
}

/**
 * The balance at the end of each UTC day of the last `days` days (today included), oldest first:
 * one query over generate_series; a day before the first ledger row has balance 0.
 */
export async function pointTrend(viewer: Pick<Viewer, "id">, a: { days: number }): Promise<TrendPointDto[]> {
  const rows = await rawRows<{ date: string; value: number | string }>(
    db,
    sql`select to_char(d, 'YYYY-MM-DD') as date,
          coalesce((select h.balance from point_histories h
                     where h.user_id = ${viewer.id} and h.created_at < ((d + interval '1 day') at time zone 'UTC')
                     order by h.id desc limit 1), 0) as value
        from generate_series(
          (now() at time zone 'UTC')::date - ${a.days - 1}::int,
          (now() at time zone 'UTC')::date,
          interval '1 day') as d
        order by d`,
  );
  return rows.map((r) => ({ date: String(r.date), value: Number(r.value) }));
}

/** Users whose balance differs from the sum of their ledger or is negative (the ledger invariant; [] when it holds). */
export async function ledgerDiscrepancies(runner: DbOrTx = db): Promise<{ id: number; point: number; ledger: number }[]> {
  const rows = await rawRows<{ id: number; point: number; ledger: number | string }>(
    runner,
    sql`select u.id, u.point, coalesce(sum(h.amount), 0) as ledger
        from users u left join point_histories h on h.user_id = u.id
        group by u.id, u.point
        having u.point <> coalesce(sum(h.amount), 0) or u.point < 0`,
  );
  return rows.map((r) => ({ id: Number(r.id), point: Number(r.point), ledger: Number(r.ledger) }));
}
