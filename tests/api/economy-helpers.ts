// Shared fixtures of the economy tests (polls, lotteries, points, shop).
import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { db } from "@/db";
import { lotteries, polls, posts, type PostType, type VisibleScope } from "@/db/schema";
import { createLottery } from "@/lib/services/posts/lotteries";
import { createPoll } from "@/lib/services/posts/polls";
import { ledgerDiscrepancies } from "@/lib/services/points/points";
import type { LotteryInput, PollInput } from "@/lib/validation/economy";
import { makeCategory } from "../helpers";

export const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

export async function makePost(authorId: number, type: PostType = "NORMAL", visibleScope: VisibleScope = "ALL") {
  const cat = await makeCategory();
  const [p] = await db
    .insert(posts)
    .values({ title: `${type} post`, content: "body", authorId, categoryId: cat.id, type, visibleScope })
    .returning();
  return p!;
}

export async function makePollPost(authorId: number, poll: Partial<PollInput> = {}, scope: VisibleScope = "ALL") {
  const post = await makePost(authorId, "POLL", scope);
  await db.transaction((tx) =>
    createPoll(tx, post.id, { options: ["red", "green", "blue"], multiple: false, endTime: inMinutes(60), ...poll }),
  );
  return post;
}

export async function makeLotteryPost(authorId: number, lottery: Partial<LotteryInput> = {}) {
  const post = await makePost(authorId, "LOTTERY");
  await db.transaction((tx) =>
    createLottery(tx, post.id, {
      prizeDescription: "A mug",
      prizeIcon: "",
      prizeCount: 1,
      pointCost: 10,
      endTime: inMinutes(60),
      ...lottery,
    }),
  );
  return post;
}

/** Moves a poll's / lottery's end into the past, so the scheduler finds it due. */
export async function endPoll(postId: number) {
  await db
    .update(polls)
    .set({ endTime: sql`now() - interval '1 second'` })
    .where(eq(polls.postId, postId));
}
export async function endLottery(postId: number) {
  await db
    .update(lotteries)
    .set({ endTime: sql`now() - interval '1 second'` })
    .where(eq(lotteries.postId, postId));
}

/** The ledger invariant: for every user, point = sum(ledger amounts) ≥ 0. */
export async function expectLedgerConsistent() {
  expect(await ledgerDiscrepancies()).toEqual([]);
}
