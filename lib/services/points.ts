import { and, count, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { comments, dailyCounters, pointHistories, posts, users, type MedalType, type PointHistoryType } from "@/db/schema";
import { insufficientPoints } from "@/lib/api/errors";

/** Point amounts and daily caps (API.md §5, OpenIsle's values). */
export const POINTS = { post: 30, postDailyCap: 2, comment: 10, commentDailyCap: 4, reaction: 10, feature: 500 } as const;
export const EXPERIENCE = { post: 30, postDailyCap: 2, comment: 10, commentDailyCap: 4, reaction: 5, reactionDailyCap: 4 } as const;
export const LEVELS = [100, 200, 300, 600, 1200, 10000] as const;

export type LedgerEntry = {
  userId: number;
  type: PointHistoryType;
  amount: number;
  postId?: number | null;
  commentId?: number | null;
  fromUserId?: number | null;
};

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
  await tx.update(users).set({ experience: sql`${users.experience} + ${amount}` }).where(eq(users.id, userId));
}

/** Experience for a creation, within its daily cap; returns what was earned (the object's `reward`). */
export async function earnExperience(tx: DbOrTx, userId: number, kind: "post" | "comment" | "reaction"): Promise<number> {
  const amount = EXPERIENCE[kind];
  const cap = kind === "post" ? EXPERIENCE.postDailyCap : kind === "comment" ? EXPERIENCE.commentDailyCap : EXPERIENCE.reactionDailyCap;
  if (!(await takeDailySlot(tx, userId, `exp:${kind}`, cap))) return 0;
  await addExperience(tx, userId, amount);
  return amount;
}

export function levelOf(experience: number): { currentLevel: number; nextLevelExp: number | null } {
  let level = 0;
  while (level < LEVELS.length && experience >= LEVELS[level]!) level++;
  return { currentLevel: level, nextLevelExp: LEVELS[level] ?? null };
}

export const MEDAL_ORDER: MedalType[] = ["COMMENT", "POST", "FEATURED", "CONTRIBUTOR", "PIONEER", "SEED"];

/** Every medal a user has earned (API.md §2 criteria), in display order. */
export async function earnedMedals(tx: DbOrTx, userId: number): Promise<MedalType[]> {
  const [u] = await tx
    .select({ id: users.id, createdAt: users.createdAt, contributor: users.contributor })
    .from(users)
    .where(eq(users.id, userId));
  if (!u) return [];
  const [[c], [p], [f], [rank]] = await Promise.all([
    tx.select({ n: count() }).from(comments).where(and(eq(comments.authorId, userId), sql`${comments.deletedAt} is null`)),
    tx.select({ n: count() }).from(posts).where(eq(posts.authorId, userId)),
    tx.select({ n: count() }).from(posts).where(and(eq(posts.authorId, userId), eq(posts.rssExcluded, false))),
    tx.select({ n: count() }).from(users).where(sql`${users.id} < ${userId}`),
  ]);
  const seedBefore = new Date(process.env.SEED_MEDAL_BEFORE || "2026-01-01T00:00:00.000Z");
  const earned = new Set<MedalType>();
  if ((c?.n ?? 0) >= 100) earned.add("COMMENT");
  if ((p?.n ?? 0) >= 100) earned.add("POST");
  if ((f?.n ?? 0) >= 1) earned.add("FEATURED");
  if (u.contributor) earned.add("CONTRIBUTOR");
  if ((rank?.n ?? 0) < 1000) earned.add("PIONEER");
  if (u.createdAt < seedBefore) earned.add("SEED");
  return MEDAL_ORDER.filter((m) => earned.has(m));
}

/** Recomputes the stored best earned medal after an event that may change it (post, comment, feature). */
export async function refreshMedal(tx: DbOrTx, userId: number): Promise<void> {
  const medals = await earnedMedals(tx, userId);
  await tx.update(users).set({ earnedMedal: medals[0] ?? null }).where(eq(users.id, userId));
}
