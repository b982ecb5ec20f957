import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/db";
import { statusOf } from "@/lib/api/errors";
import { AppError } from "@/lib/errors";
import { comments, pointHistories } from "@/db/schema";
import { GET as histories } from "@/app/api/point-histories/route";
import { GET as trend } from "@/app/api/point-histories/trend/route";
import { applyPoints } from "@/lib/services/points/points";
import { pointHistorySchema, trendPointSchema } from "@/lib/validation/economy";
import { call, makeUser } from "../helpers";
import { expectLedgerConsistent, makePost } from "./economy-helpers";

afterEach(expectLedgerConsistent);

describe("applyPoints", () => {
  it("never lets a balance go negative (409) and writes one ledger row per change", async () => {
    const u = await makeUser({ point: 10 });
    const refused = await applyPoints(db, { userId: u.id, type: "REDEEM", amount: -11 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: "insufficient_points" });
    expect(statusOf(refused as AppError)).toBe(409);
    expect(await applyPoints(db, { userId: u.id, type: "REDEEM", amount: -10 })).toBe(0);
    expect(await db.select().from(pointHistories).where(eq(pointHistories.userId, u.id))).toHaveLength(2);
  });
});

describe("GET /api/point-histories", () => {
  it("lists the caller's ledger newest first with post title, comment content and the other user's name", async () => {
    const u = await makeUser({ point: 100 });
    const other = await makeUser();
    const post = await makePost(u.id);
    const [c] = await db.insert(comments).values({ postId: post.id, authorId: other.id, content: "nice" }).returning();
    await applyPoints(db, { userId: u.id, type: "COMMENT", amount: 10, postId: post.id, commentId: c!.id, fromUserId: other.id });
    await applyPoints(db, { userId: u.id, type: "REDEEM", amount: -30 });

    expect((await call(histories, "/api/point-histories")).status).toBe(401);
    const r = await call(histories, "/api/point-histories", { token: u.token });
    expect(r.status).toBe(200);
    const items = r.body.map((i: unknown) => pointHistorySchema.parse(i));
    expect(items.map((i: { type: string }) => i.type)).toEqual(["REDEEM", "COMMENT", "ADMIN_GRANT"]);
    expect(items[0]).toMatchObject({ amount: -30, balance: 80, postId: null, postTitle: null, fromUserName: null });
    expect(items[1]).toMatchObject({
      amount: 10,
      balance: 110,
      postId: post.id,
      postTitle: post.title,
      commentId: c!.id,
      commentContent: "nice",
      fromUserId: other.id,
      fromUserName: other.username,
    });

    const page = await call(histories, "/api/point-histories?page=1&pageSize=2", { token: u.token });
    expect(page.body.map((i: { type: string }) => i.type)).toEqual(["ADMIN_GRANT"]);
    expect((await call(histories, "/api/point-histories?pageSize=0", { token: u.token })).status).toBe(400);
    expect((await call(histories, "/api/point-histories?pageSize=101", { token: u.token })).status).toBe(400);
    expect((await call(histories, "/api/point-histories", { token: other.token })).body).toEqual([]);
  });
});

describe("GET /api/point-histories/trend", () => {
  it("gives the end-of-day balance for every day of the window, oldest first", async () => {
    const u = await makeUser();
    await applyPoints(db, { userId: u.id, type: "ADMIN_GRANT", amount: 50 });
    await applyPoints(db, { userId: u.id, type: "ADMIN_GRANT", amount: 20 });
    // Move the first row three days back: balance 50 from then on, 70 today.
    const [first] = await db.select().from(pointHistories).where(eq(pointHistories.userId, u.id)).orderBy(pointHistories.id).limit(1);
    await db
      .update(pointHistories)
      .set({ createdAt: sql`now() - interval '3 days'` })
      .where(eq(pointHistories.id, first!.id));

    const r = await call(trend, "/api/point-histories/trend?days=5", { token: u.token });
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(5);
    for (const p of r.body) trendPointSchema.parse(p);
    const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
    expect(r.body.map((p: { date: string }) => p.date)).toEqual([day(4), day(3), day(2), day(1), day(0)]);
    expect(r.body.map((p: { value: number }) => p.value)).toEqual([0, 50, 50, 50, 70]);

    expect((await call(trend, "/api/point-histories/trend", { token: u.token })).body).toHaveLength(30);
    expect((await call(trend, "/api/point-histories/trend?days=0", { token: u.token })).status).toBe(400);
    expect((await call(trend, "/api/point-histories/trend?days=366", { token: u.token })).status).toBe(400);
    expect((await call(trend, "/api/point-histories/trend")).status).toBe(401);
  });
});
