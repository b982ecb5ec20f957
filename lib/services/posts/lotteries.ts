import "server-only";
import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { db, type DbOrTx } from "@/db";
import { lotteries, lotteryParticipants, lotteryWinners, postChangeLogs, posts, users } from "@/db/schema";
import { badRequest, conflict, notFound, msg } from "@/lib/errors";
import { iso, userSummary, userSummaryColumns } from "@/lib/services/dto";
import { assertCategoryVisible } from "@/lib/permissions/category-access";
import { assertCanSeePost, assertNotRejected } from "@/lib/permissions";
import { LOTTERY_ALGORITHM, newSeed, pickWinners, seedHashOf } from "@/lib/services/posts/lottery-fair";
import { notify } from "@/lib/services/shared/notification-writer";
import { applyPoints } from "@/lib/services/points/points";
import { systemUserId } from "@/lib/services/shared/change-logs";
import { lotteryInputSchema, type LotteryInput, type LotteryVerifyDto } from "@/lib/validation/economy";
import type { LotteryDto } from "@/lib/validation/responses";
import type { Viewer } from "@/lib/viewer";
import { afterCommit } from "@/lib/changes/announce";
import { lotteryDrawn, lotteryJoined } from "@/lib/changes/written";

/**
 * Creates the lottery of a LOTTERY post in the caller's transaction, committing to a secret seed:
 * `seedHash` is public from now on, `seed` only after the draw.
 */
export async function createLottery(tx: DbOrTx, postId: number, input: LotteryInput): Promise<void> {
  const l = lotteryInputSchema.parse(input);
  const { seed, seedHash } = newSeed();
  await tx.insert(lotteries).values({
    postId,
    prizeDescription: l.prizeDescription,
    prizeIcon: l.prizeIcon,
    prizeCount: l.prizeCount,
    pointCost: l.pointCost,
    startTime: l.startTime ? new Date(l.startTime) : new Date(),
    endTime: new Date(l.endTime),
    seed,
    seedHash,
  });
}

/** Lotteries of the given posts, keyed by post id, in three queries whatever the number of posts. */
export async function loadLotteries(postIds: number[], runner: DbOrTx = db): Promise<Map<number, LotteryDto>> {
  const out = new Map<number, LotteryDto>();
  const ids = [...new Set(postIds)];
  if (!ids.length) return out;
  const [rows, parts, wins] = await Promise.all([
    runner.select().from(lotteries).where(inArray(lotteries.postId, ids)),
    runner
      .select({ postId: lotteryParticipants.postId, user: userSummaryColumns })
      .from(lotteryParticipants)
      .innerJoin(users, eq(users.id, lotteryParticipants.userId))
      .where(inArray(lotteryParticipants.postId, ids))
      .orderBy(asc(lotteryParticipants.joinedAt), asc(lotteryParticipants.userId)),
    runner
      .select({ postId: lotteryWinners.postId, user: userSummaryColumns })
      .from(lotteryWinners)
      .innerJoin(users, eq(users.id, lotteryWinners.userId))
      .where(inArray(lotteryWinners.postId, ids))
      .orderBy(asc(lotteryWinners.rank)),
  ]);
  for (const r of rows) {
    out.set(r.postId, {
      prizeDescription: r.prizeDescription,
      prizeIcon: r.prizeIcon,
      prizeCount: r.prizeCount,
      pointCost: r.pointCost,
      startTime: iso(r.startTime)!,
      endTime: iso(r.endTime)!,
      participants: [],
      winners: [],
      seedHash: r.seedHash,
      seed: r.drawnAt ? r.seed : null,
      drawnAt: iso(r.drawnAt),
    });
  }
  for (const p of parts) out.get(p.postId)?.participants.push(userSummary(p.user));
  for (const w of wins) out.get(w.postId)?.winners.push(userSummary(w.user));
  return out;
}

async function visiblePost(postId: number, viewer: Viewer | null, runner: DbOrTx = db) {
  const [post] = await runner
    .select({
      id: posts.id,
      authorId: posts.authorId,
      status: posts.status,
      visibleScope: posts.visibleScope,
      categoryId: posts.categoryId,
    })
    .from(posts)
    .where(eq(posts.id, postId));
  assertCanSeePost(viewer, post);
  await assertCategoryVisible(viewer, post.categoryId, undefined, runner);
  return post;
}

/**
 * Joins a lottery once. The lottery row is read `for share`, so a join and the draw (an update of that
 * row) never interleave; the participant row's primary key makes a repeated join a no-op that charges
 * nothing. The cost moves joiner → author in the same transaction. Authors may not join their own lottery.
 */
export async function joinLottery(viewer: Viewer, a: { postId: number }): Promise<LotteryDto> {
  await afterCommit(
    db.transaction(async (tx) => {
      const post = await visiblePost(a.postId, viewer, tx);
      assertNotRejected(post);
      const [l] = await tx.select().from(lotteries).where(eq(lotteries.postId, a.postId)).for("share");
      if (!l) throw notFound(msg("noLottery"));
      if (post.authorId === viewer.id) throw badRequest(msg("ownLottery"));
      const now = Date.now();
      if (l.drawnAt || l.endTime.getTime() <= now) throw conflict(msg("lotteryEnded"));
      if (l.startTime.getTime() > now) throw conflict(msg("lotteryNotStarted"));
      const joined = await tx
        .insert(lotteryParticipants)
        .values({ postId: a.postId, userId: viewer.id })
        .onConflictDoNothing()
        .returning({ userId: lotteryParticipants.userId });
      if (!joined.length || l.pointCost === 0) return;
      // Both balances are locked in id order, so two users joining each other's lotteries cannot deadlock.
      await tx
        .select({ id: users.id })
        .from(users)
        .where(inArray(users.id, [viewer.id, post.authorId]))
        .orderBy(asc(users.id))
        .for("update");
      await applyPoints(tx, {
        userId: viewer.id,
        type: "LOTTERY_JOIN",
        amount: -l.pointCost,
        postId: a.postId,
        fromUserId: post.authorId,
      });
      await applyPoints(tx, {
        userId: post.authorId,
        type: "LOTTERY_REWARD",
        amount: l.pointCost,
        postId: a.postId,
        fromUserId: viewer.id,
      });
    }),
    lotteryJoined(a.postId, viewer.id),
  );
  return (await loadLotteries([a.postId])).get(a.postId)!;
}

/**
 * Draws a due lottery exactly once, even with several processes: the conditional update on `drawn_at`
 * is the claim (a concurrent claimer waits for the row lock, then sees `drawn_at` set and gets no row).
 * Winners = pickWinners(seed, participant ids, prizeCount). Returns false when not due or already drawn.
 */
export async function drawLottery(postId: number): Promise<boolean> {
  return afterCommit(
    db.transaction(async (tx) => {
      const [l] = await tx
        .update(lotteries)
        .set({ drawnAt: sql`now()` })
        .where(and(eq(lotteries.postId, postId), isNull(lotteries.drawnAt), lte(lotteries.endTime, sql`now()`)))
        .returning();
      if (!l) return false;
      const [post] = await tx.select({ authorId: posts.authorId }).from(posts).where(eq(posts.id, postId));
      const parts = await tx
        .select({ userId: lotteryParticipants.userId })
        .from(lotteryParticipants)
        .where(eq(lotteryParticipants.postId, postId));
      const winners = pickWinners(
        l.seed,
        parts.map((p) => p.userId),
        l.prizeCount,
      );
      if (winners.length) await tx.insert(lotteryWinners).values(winners.map((userId, rank) => ({ postId, userId, rank })));
      if (post) {
        await notify(tx, [
          ...winners.map((userId) => ({ userId, type: "LOTTERY_WIN" as const, fromUserId: post.authorId, postId })),
          {
            userId: post.authorId,
            type: "LOTTERY_DRAW",
            postId,
            content: `${winners.length} ${winners.length === 1 ? "winner" : "winners"} of ${parts.length} ${parts.length === 1 ? "participant" : "participants"}`,
          },
        ]);
      }
      await tx.insert(postChangeLogs).values({ postId, actorId: await systemUserId(tx), type: "LOTTERY_RESULT" });
      return true;
    }),
    (done) => (done ? lotteryDrawn(postId) : []),
  );
}

/** Lotteries whose end has passed and that are not drawn yet; the scheduler's probe asks whether there are any. */
const lotteryDue = () => and(isNull(lotteries.drawnAt), lte(lotteries.endTime, sql`now()`))!;
export const lotteriesDue = () => sql`exists (select 1 from ${lotteries} where ${lotteryDue()})`;

/** Scheduler job: draws every lottery past its end time; returns how many this process drew. */
export async function processDueLotteries(): Promise<number> {
  const due = await db.select({ postId: lotteries.postId }).from(lotteries).where(lotteryDue()).orderBy(asc(lotteries.endTime)).limit(100);
  let n = 0;
  for (const d of due) if (await drawLottery(d.postId)) n++;
  return n;
}

/** Everything needed to re-run a finished draw; 409 before the draw. */
export async function verifyLottery(viewer: Viewer | null, { postId }: { postId: number }): Promise<LotteryVerifyDto> {
  await visiblePost(postId, viewer);
  const [l] = await db.select().from(lotteries).where(eq(lotteries.postId, postId));
  if (!l) throw notFound(msg("noLottery"));
  if (!l.drawnAt) throw conflict(msg("lotteryNotDrawn"));
  const [parts, wins] = await Promise.all([
    db.select({ userId: lotteryParticipants.userId }).from(lotteryParticipants).where(eq(lotteryParticipants.postId, postId)),
    db
      .select({ userId: lotteryWinners.userId })
      .from(lotteryWinners)
      .where(eq(lotteryWinners.postId, postId))
      .orderBy(asc(lotteryWinners.rank)),
  ]);
  const participantIds = parts.map((p) => p.userId).sort((x, y) => x - y);
  const computedWinnerIds = pickWinners(l.seed, participantIds, l.prizeCount);
  const publishedWinnerIds = wins.map((w) => w.userId);
  return {
    seedHash: l.seedHash,
    seed: l.seed,
    participantIds,
    prizeCount: l.prizeCount,
    algorithm: LOTTERY_ALGORITHM,
    computedWinnerIds,
    publishedWinnerIds,
    seedMatchesHash: seedHashOf(l.seed) === l.seedHash,
    winnersMatch:
      computedWinnerIds.length === publishedWinnerIds.length && computedWinnerIds.every((id, i) => id === publishedWinnerIds[i]),
  };
}
