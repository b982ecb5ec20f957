import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/db";
import { notifications, pointGoods, pointHistories, redemptions, users } from "@/db/schema";
import { GET as listGoods } from "@/app/api/point-goods/route";
import { POST as redeem } from "@/app/api/point-goods/redeem/route";
import { POST as createGood } from "@/app/api/admin/point-goods/route";
import { DELETE as deleteGood, PUT as updateGood } from "@/app/api/admin/point-goods/[id]/route";
import { pointGoodSchema } from "@/lib/validation/responses";
import { call, makeUser } from "../helpers";
import { expectLedgerConsistent } from "./economy-helpers";

const balance = async (id: number) => (await db.select({ point: users.point }).from(users).where(eq(users.id, id)))[0]!.point;

afterEach(expectLedgerConsistent);

describe("point goods", () => {
  it("admins create, edit and delete goods; others get 403; the public list is ordered by cost then id", async () => {
    const admin = await makeUser({ role: "ADMIN" });
    const mod = await makeUser({ role: "MODERATOR" });
    const good = { name: "Tea", cost: 50, image: "/t.png", description: "A cup" };
    expect((await call(createGood, "/api/admin/point-goods", { token: mod.token, body: good })).status).toBe(403);
    expect((await call(createGood, "/api/admin/point-goods", { body: good })).status).toBe(401);
    const a = await call(createGood, "/api/admin/point-goods", { token: admin.token, body: good });
    expect(a.status).toBe(201);
    // A site path is answered absolute.
    expect(pointGoodSchema.parse(a.body)).toEqual({ id: a.body.id, ...good, image: "http://localhost:3000/t.png", retired: false });
    const b = await call(createGood, "/api/admin/point-goods", { token: admin.token, body: { name: "Mug", cost: 10 } });
    const c = await call(createGood, "/api/admin/point-goods", { token: admin.token, body: { name: "Pen", cost: 10 } });
    expect((await call(createGood, "/api/admin/point-goods", { token: admin.token, body: { name: "", cost: 1 } })).status).toBe(400);
    expect((await call(createGood, "/api/admin/point-goods", { token: admin.token, body: { name: "x", cost: -1 } })).status).toBe(400);

    const list = await call(listGoods, "/api/point-goods");
    expect(list.status).toBe(200);
    expect(list.body.map((g: { id: number }) => g.id)).toEqual([b.body.id, c.body.id, a.body.id]);
    for (const g of list.body) pointGoodSchema.parse(g);

    const id = String(a.body.id);
    expect(
      (await call(updateGood, `/api/admin/point-goods/${id}`, { method: "PUT", token: mod.token, body: { cost: 1 }, params: { id } }))
        .status,
    ).toBe(403);
    const up = await call(updateGood, `/api/admin/point-goods/${id}`, {
      method: "PUT",
      token: admin.token,
      body: { cost: 5 },
      params: { id },
    });
    // Fields left out of the edit keep their values.
    expect(up.body).toMatchObject({ name: "Tea", cost: 5, image: "http://localhost:3000/t.png", description: "A cup" });
    expect(
      (
        await call(updateGood, "/api/admin/point-goods/999999", {
          method: "PUT",
          token: admin.token,
          body: { cost: 5 },
          params: { id: "999999" },
        })
      ).status,
    ).toBe(404);
    expect((await call(deleteGood, `/api/admin/point-goods/${id}`, { method: "DELETE", token: mod.token, params: { id } })).status).toBe(
      403,
    );
    expect((await call(deleteGood, `/api/admin/point-goods/${id}`, { method: "DELETE", token: admin.token, params: { id } })).status).toBe(
      204,
    );
    expect((await call(deleteGood, `/api/admin/point-goods/${id}`, { method: "DELETE", token: admin.token, params: { id } })).status).toBe(
      404,
    );
    expect((await call(listGoods, "/api/point-goods")).body).toHaveLength(2);
  });
});

describe("POST /api/point-goods/redeem", () => {
  it("deducts the cost, records the redemption and notifies every admin, in one transaction", async () => {
    const admin1 = await makeUser({ role: "ADMIN" });
    const admin2 = await makeUser({ role: "ADMIN" });
    const buyer = await makeUser({ point: 120 });
    const [good] = await db.insert(pointGoods).values({ name: "Sticker", cost: 100 }).returning();
    const r = await call(redeem, "/api/point-goods/redeem", { token: buyer.token, body: { goodId: good!.id, contact: "me@example.test" } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ point: 20 });
    expect(await balance(buyer.id)).toBe(20);
    const [h] = await db
      .select()
      .from(pointHistories)
      .where(and(eq(pointHistories.userId, buyer.id), eq(pointHistories.type, "REDEEM")));
    expect(h).toMatchObject({ amount: -100, balance: 20 });
    expect(await db.select().from(redemptions).where(eq(redemptions.userId, buyer.id))).toHaveLength(1);
    const n = await db.select().from(notifications).where(eq(notifications.type, "POINT_REDEEM"));
    const admins = (await db.select({ id: users.id }).from(users).where(eq(users.role, "ADMIN"))).map((a) => a.id);
    expect(admins).toEqual(expect.arrayContaining([admin1.id, admin2.id]));
    expect(n.map((x) => x.userId).sort()).toEqual(admins.sort());
    expect(n.every((x) => x.content === "Sticker: me@example.test" && x.fromUserId === buyer.id)).toBe(true);
  });

  it("answers 409 insufficient_points (field point), 404 for an unknown good, 400 for a bad contact, 401 anonymous", async () => {
    const buyer = await makeUser({ point: 5 });
    const [good] = await db.insert(pointGoods).values({ name: "Hat", cost: 10 }).returning();
    const r = await call(redeem, "/api/point-goods/redeem", { token: buyer.token, body: { goodId: good!.id, contact: "x" } });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: "insufficient_points", field: "point" });
    expect(await db.select().from(redemptions).where(eq(redemptions.userId, buyer.id))).toHaveLength(0);
    expect((await call(redeem, "/api/point-goods/redeem", { token: buyer.token, body: { goodId: 999999, contact: "x" } })).status).toBe(
      404,
    );
    expect((await call(redeem, "/api/point-goods/redeem", { token: buyer.token, body: { goodId: good!.id, contact: "" } })).status).toBe(
      400,
    );
    expect(
      (await call(redeem, "/api/point-goods/redeem", { token: buyer.token, body: { goodId: good!.id, contact: "x".repeat(201) } })).status,
    ).toBe(400);
    expect((await call(redeem, "/api/point-goods/redeem", { body: { goodId: good!.id, contact: "x" } })).status).toBe(401);
    expect(await balance(buyer.id)).toBe(5);
  });

  it("50 parallel redemptions against a balance that affords 7: exactly 7 succeed, the balance is exact", async () => {
    const buyer = await makeUser({ point: 7 * 30 + 29 });
    const [good] = await db.insert(pointGoods).values({ name: "Badge", cost: 30 }).returning();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(redeem, "/api/point-goods/redeem", { token: buyer.token, body: { goodId: good!.id, contact: `c${i}` } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(7);
    expect(results.filter((r) => r.status === 409 && r.body.code === "insufficient_points")).toHaveLength(43);
    expect(await balance(buyer.id)).toBe(29);
    expect(await db.select().from(redemptions).where(eq(redemptions.userId, buyer.id))).toHaveLength(7);
    expect(Math.min(...results.filter((r) => r.status === 200).map((r) => r.body.point))).toBe(29);
  });
});
