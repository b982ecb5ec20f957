import { and, eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/db";
import { lotteries, lotteryParticipants, lotteryWinners, notifications, pointHistories, postChangeLogs, users } from "@/db/schema";
import { POST as join } from "@/app/api/posts/[id]/lottery/join/route";
import { GET as verify } from "@/app/api/posts/[id]/lottery/verify/route";
import { createLottery, loadLotteries, processDueLotteries } from "@/lib/services/posts/lotteries";
import { pickWinners, seedHashOf } from "@/lib/services/posts/lottery-fair";
import { lotteryVerifySchema } from "@/lib/validation/economy";
import { lotterySchema } from "@/lib/validation/responses";
import { call, makeUser } from "../helpers";
import { endLottery, expectLedgerConsistent, inMinutes, makeLotteryPost, makePost } from "./economy-helpers";

const joinAs = (postId: number, token?: string) =>
  call(join, `/api/posts/${postId}/lottery/join`, { method: "POST", token, params: { id: String(postId) } });
const balance = async (id: number) => (await db.select({ point: users.point }).from(users).where(eq(users.id, id)))[0]!.point;

afterEach(expectLedgerConsistent);

describe("POST /api/posts/{id}/lottery/join", () => {
  it("moves the cost from joiner to author in one go and returns the Lottery", async () => {
    const author = await makeUser();
    const joiner = await makeUser({ point: 25 });
    const post = await makeLotteryPost(author.id, { pointCost: 10 });
    const r = await joinAs(post.id, joiner.token);
    expect(r.status).toBe(200);
    const l = lotterySchema.parse(r.body);
    expect(l.participants.map((u) => u.id)).toEqual([joiner.id]);
    expect(l.seed).toBeNull();
    expect(l.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await balance(joiner.id)).toBe(15);
    expect(await balance(author.id)).toBe(10);
    const h = await db.select().from(pointHistories).where(eq(pointHistories.postId, post.id));
    expect(h.map((x) => [x.userId, x.type, x.amount]).sort()).toEqual(
      [
        [joiner.id, "LOTTERY_JOIN", -10],
        [author.id, "LOTTERY_REWARD", 10],
      ].sort(),
    );
    expect(h.find((x) => x.type === "LOTTERY_REWARD")!.fromUserId).toBe(joiner.id);
  });

  it("charges once for 50 parallel joins by the same user", async () => {
    const author = await makeUser();
    const joiner = await makeUser({ point: 100 });
    const post = await makeLotteryPost(author.id, { pointCost: 7 });
    const results = await Promise.all(Array.from({ length: 50 }, () => joinAs(post.id, joiner.token)));
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(await balance(joiner.id)).toBe(93);
    expect(await balance(author.id)).toBe(7);
    expect(await db.select().from(lotteryParticipants).where(eq(lotteryParticipants.postId, post.id))).toHaveLength(1);
  });

  it("answers 409 insufficient_points and leaves no participant or ledger row", async () => {
    const author = await makeUser();
    const poor = await makeUser({ point: 5 });
    const post = await makeLotteryPost(author.id, { pointCost: 10 });
    const r = await joinAs(post.id, poor.token);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: "insufficient_points", field: "point" });
    expect(await balance(poor.id)).toBe(5);
    expect(await db.select().from(lotteryParticipants).where(eq(lotteryParticipants.postId, post.id))).toHaveLength(0);
  });

  it("is free when pointCost is 0, refuses the author (400), anonymous (401), non-lotteries (404)", async () => {
    const author = await makeUser();
    const joiner = await makeUser();
    const post = await makeLotteryPost(author.id, { pointCost: 0 });
    expect((await joinAs(post.id, joiner.token)).status).toBe(200);
    expect(await db.select().from(pointHistories).where(eq(pointHistories.postId, post.id))).toHaveLength(0);
    expect((await joinAs(post.id, author.token)).status).toBe(400);
    expect((await joinAs(post.id)).status).toBe(401);
    const normal = await makePost(author.id);
    expect((await joinAs(normal.id, joiner.token)).status).toBe(404);
  });

  it("only between startTime and endTime (409 outside)", async () => {
    const author = await makeUser();
    const joiner = await makeUser({ point: 50 });
    const future = await makeLotteryPost(author.id, { startTime: inMinutes(10), endTime: inMinutes(20) });
    expect((await joinAs(future.id, joiner.token)).status).toBe(409);
    const ended = await makeLotteryPost(author.id);
    await endLottery(ended.id);
    expect((await joinAs(ended.id, joiner.token)).status).toBe(409);
    expect(await balance(joiner.id)).toBe(50);
    await processDueLotteries();
  });
});

describe("lottery creation rules", () => {
  it("rejects prizeCount < 1, pointCost outside 0..100, start ≥ end and a past end", async () => {
    const author = await makeUser();
    const post = await makePost(author.id, "LOTTERY");
    const base = { prizeDescription: "x", prizeIcon: "", prizeCount: 1, pointCost: 0, endTime: inMinutes(10) };
    for (const bad of [
      { ...base, prizeCount: 0 },
      { ...base, pointCost: 101 },
      { ...base, pointCost: -1 },
      { ...base, startTime: inMinutes(20) },
      { ...base, endTime: inMinutes(-1) },
    ]) {
      await expect(db.transaction((tx) => createLottery(tx, post.id, bad))).rejects.toThrow();
    }
    await db.transaction((tx) => createLottery(tx, post.id, base));
    const [row] = await db.select().from(lotteries).where(eq(lotteries.postId, post.id));
    expect(seedHashOf(row!.seed)).toBe(row!.seedHash);
  });
});

describe("the draw", () => {
  it("happens exactly once with concurrent schedulers, is provably fair, and notifies once", async () => {
    await processDueLotteries(); // lotteries ended by earlier tests of this file
    const author = await makeUser();
    const players = await Promise.all(Array.from({ length: 6 }, () => makeUser({ point: 20 })));
    const post = await makeLotteryPost(author.id, { prizeCount: 2, pointCost: 5 });
    for (const p of players) expect((await joinAs(post.id, p.token)).status).toBe(200);
    const v0 = await call(verify, `/api/posts/${post.id}/lottery/verify`, { params: { id: String(post.id) } });
    expect(v0.status).toBe(409);
    await endLottery(post.id);

    const counts = await Promise.all([processDueLotteries(), processDueLotteries(), processDueLotteries()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await processDueLotteries()).toBe(0);

    const winners = await db.select().from(lotteryWinners).where(eq(lotteryWinners.postId, post.id));
    expect(winners).toHaveLength(2);
    const wins = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, "LOTTERY_WIN"), eq(notifications.postId, post.id)));
    expect(wins.map((n) => n.userId).sort()).toEqual(winners.map((w) => w.userId).sort());
    expect(wins.every((n) => n.fromUserId === author.id)).toBe(true);
    const draws = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, "LOTTERY_DRAW"), eq(notifications.postId, post.id)));
    expect(draws.map((n) => n.userId)).toEqual([author.id]);
    const logs = await db.select().from(postChangeLogs).where(eq(postChangeLogs.postId, post.id));
    expect(logs.map((l) => l.type)).toEqual(["LOTTERY_RESULT"]);
    const [sys] = await db.select().from(users).where(eq(users.id, logs[0]!.actorId!));
    expect(sys!.username).toBe("system");

    const l = (await loadLotteries([post.id])).get(post.id)!;
    lotterySchema.parse(l);
    expect(l.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(l.drawnAt).not.toBeNull();
    expect(seedHashOf(l.seed!)).toBe(l.seedHash);
    // Anyone can re-run the draw from what is published.
    expect(
      pickWinners(
        l.seed!,
        l.participants.map((u) => u.id),
        l.prizeCount,
      ),
    ).toEqual(l.winners.map((u) => u.id));

    const v = await call(verify, `/api/posts/${post.id}/lottery/verify`, { params: { id: String(post.id) } });
    expect(v.status).toBe(200);
    const body = lotteryVerifySchema.parse(v.body);
    expect(body).toMatchObject({ seedMatchesHash: true, winnersMatch: true, prizeCount: 2 });
    expect(body.publishedWinnerIds).toEqual(l.winners.map((u) => u.id));
    expect(body.participantIds).toEqual(players.map((p) => p.id).sort((a, b) => a - b));
    expect(body.algorithm).toContain("sha256");
    expect((await joinAs(post.id, (await makeUser()).token)).status).toBe(409);
  });

  it("with no participants still marks the lottery drawn and logs it", async () => {
    await processDueLotteries();
    const author = await makeUser();
    const post = await makeLotteryPost(author.id, { prizeCount: 3 });
    await endLottery(post.id);
    expect(await processDueLotteries()).toBe(1);
    const l = (await loadLotteries([post.id])).get(post.id)!;
    expect(l.drawnAt).not.toBeNull();
    expect(l.winners).toEqual([]);
    expect(await db.select().from(postChangeLogs).where(eq(postChangeLogs.postId, post.id))).toHaveLength(1);
    expect(
      await db
        .select()
        .from(notifications)
        .where(and(inArray(notifications.type, ["LOTTERY_WIN", "LOTTERY_DRAW"]), eq(notifications.postId, post.id))),
    ).toHaveLength(1);
  });

  it("draws min(prizeCount, participants) winners", async () => {
    await processDueLotteries();
    const author = await makeUser();
    const p1 = await makeUser();
    const post = await makeLotteryPost(author.id, { prizeCount: 5, pointCost: 0 });
    await joinAs(post.id, p1.token);
    await endLottery(post.id);
    await processDueLotteries();
    expect((await loadLotteries([post.id])).get(post.id)!.winners.map((u) => u.id)).toEqual([p1.id]);
  });
});

describe("loadLotteries / loadPolls", () => {
  it("run a constant number of queries whatever the number of posts", async () => {
    const { dbStats } = await import("@/db");
    const { loadPolls } = await import("@/lib/services/posts/polls");
    const { makePollPost } = await import("./economy-helpers");
    const author = await makeUser();
    const joiner = await makeUser({ point: 100 });
    const lots = await Promise.all(Array.from({ length: 5 }, () => makeLotteryPost(author.id, { pointCost: 1 })));
    const polls = await Promise.all(Array.from({ length: 5 }, () => makePollPost(author.id)));
    for (const l of lots) await joinAs(l.id, joiner.token);
    const count = async (fn: () => Promise<unknown>) => {
      const before = dbStats.queries;
      await fn();
      return dbStats.queries - before;
    };
    expect(await count(() => loadLotteries(lots.map((l) => l.id)))).toBe(await count(() => loadLotteries([lots[0]!.id])));
    expect(
      await count(() =>
        loadPolls(
          polls.map((p) => p.id),
          joiner.id,
        ),
      ),
    ).toBe(await count(() => loadPolls([polls[0]!.id], joiner.id)));
    const map = await loadLotteries(lots.map((l) => l.id));
    expect([...map.values()].every((l) => l.participants.length === 1)).toBe(true);
  });
});
