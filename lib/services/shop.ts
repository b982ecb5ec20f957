import { asc, eq } from "drizzle-orm";
import { db } from "@/db";
import { pointGoods, redemptions, users } from "@/db/schema";
import { notFound } from "@/lib/api/errors";
import { assertRole } from "@/lib/permissions";
import { notify } from "@/lib/services/notification-writer";
import { applyPoints } from "@/lib/services/points";
import type { z } from "zod";
import type { pointGoodInputSchema, pointGoodPatchSchema } from "@/lib/validation/economy";
import type { PointGoodDto } from "@/lib/validation/responses";
import type { Viewer } from "@/lib/viewer";
import { afterCommit, announce, changed } from "@/lib/services/changes";

type GoodRow = typeof pointGoods.$inferSelect;
const goodDto = (g: GoodRow): PointGoodDto => ({ id: g.id, name: g.name, cost: g.cost, image: g.image, description: g.description });

/** Every good, cheapest first (ties by id). */
export async function listGoods(): Promise<PointGoodDto[]> {
  const rows = await db.select().from(pointGoods).orderBy(asc(pointGoods.cost), asc(pointGoods.id));
  return rows.map(goodDto);
}

/** GET /api/admin/point-goods: the same list, for the admins who manage it. */
export async function listGoodsForAdmin(viewer: Viewer | null): Promise<PointGoodDto[]> {
  assertRole(viewer, "ADMIN");
  return listGoods();
}

/**
 * Redeems a good: the balance drops through the ledger (a conditional update, so concurrent
 * redemptions can never overspend: 409 insufficient_points), a redemption row is kept, and every admin
 * gets POINT_REDEEM "<good>: <contact>" from the redeemer, all in one transaction.
 */
export async function redeemGood(a: { viewer: Viewer; goodId: number; contact: string }): Promise<{ point: number }> {
  return afterCommit(db.transaction(async (tx) => {
    const [good] = await tx.select().from(pointGoods).where(eq(pointGoods.id, a.goodId));
    if (!good) throw notFound("Point good not found");
    const point = await applyPoints(tx, { userId: a.viewer.id, type: "REDEEM", amount: -good.cost });
    await tx.insert(redemptions).values({ userId: a.viewer.id, goodId: good.id, goodName: good.name, cost: good.cost, contact: a.contact });
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, "ADMIN"));
    await notify(
      tx,
      admins.map((ad) => ({ userId: ad.id, type: "POINT_REDEEM" as const, fromUserId: a.viewer.id, content: `${good.name}: ${a.contact}` })),
    );
    return { point };
  }), [changed("user", a.viewer.id), changed("notification")]);
}

export async function createGood(viewer: Viewer | null, input: z.output<typeof pointGoodInputSchema>): Promise<PointGoodDto> {
  assertRole(viewer, "ADMIN");
  const [g] = await db.insert(pointGoods).values(input).returning();
  await announce(changed("point-good", g!.id));
  return goodDto(g!);
}

export async function updateGood(viewer: Viewer | null, id: number, patch: z.output<typeof pointGoodPatchSchema>): Promise<PointGoodDto> {
  assertRole(viewer, "ADMIN");
  const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  const [g] = Object.keys(set).length
    ? await db.update(pointGoods).set(set).where(eq(pointGoods.id, id)).returning()
    : await db.select().from(pointGoods).where(eq(pointGoods.id, id));
  if (!g) throw notFound("Point good not found");
  if (Object.keys(set).length) await announce(changed("point-good", id));
  return goodDto(g);
}

export async function deleteGood(viewer: Viewer | null, id: number): Promise<void> {
  assertRole(viewer, "ADMIN");
  const gone = await db.delete(pointGoods).where(eq(pointGoods.id, id)).returning({ id: pointGoods.id });
  if (!gone.length) throw notFound("Point good not found");
  await announce(changed("point-good", id));
}
