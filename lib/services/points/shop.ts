import "server-only";
import { asc, eq, isNull } from "drizzle-orm";
import { db } from "@/db";
import { pointGoods, redemptions, users } from "@/db/schema";
import { conflict, notFound, msg } from "@/lib/errors";
import { audit } from "@/lib/services/shared/audit";
import { definedOnly } from "@/lib/patch";
import { assertRole } from "@/lib/permissions";
import { notify } from "@/lib/services/shared/notification-writer";
import { applyPoints } from "@/lib/services/points/points";
import type { z } from "zod";
import type { pointGoodInputSchema, pointGoodPatchSchema } from "@/lib/validation/economy";
import type { PointGoodDto } from "@/lib/validation/responses";
import type { Viewer } from "@/lib/viewer";
import { afterCommit } from "@/lib/changes/announce";
import { goodRedeemed, pointGoodChanged } from "@/lib/changes/written";

type GoodRow = typeof pointGoods.$inferSelect;
const goodDto = (g: GoodRow): PointGoodDto => ({
  id: g.id,
  name: g.name,
  cost: g.cost,
  image: g.image,
  description: g.description,
  retired: g.retiredAt !== null,
});
const auditFields = (g: GoodRow) => ({
  name: g.name,
  cost: g.cost,
  image: g.image,
  description: g.description,
  retired: g.retiredAt !== null,
});

/** Every good on offer (not retired), cheapest first (ties by id). */
export async function listGoods(): Promise<PointGoodDto[]> {
  const rows = await db.select().from(pointGoods).where(isNull(pointGoods.retiredAt)).orderBy(asc(pointGoods.cost), asc(pointGoods.id));
  return rows.map(goodDto);
}

/** GET /api/admin/point-goods: every good, retired ones included, for the admins who manage them. */
export async function listGoodsForAdmin(viewer: Viewer | null): Promise<PointGoodDto[]> {
  assertRole(viewer, "ADMIN");
  const rows = await db.select().from(pointGoods).orderBy(asc(pointGoods.cost), asc(pointGoods.id));
  return rows.map(goodDto);
}

/**
 * Redeems a good: the balance drops through the ledger (a conditional update, so concurrent
 * redemptions can never overspend: 409 insufficient_points), a redemption row is kept (pending until an
 * admin fulfils it: lib/services/points/redemptions.ts), and every admin
 * gets POINT_REDEEM "<good>: <contact>" from the redeemer, all in one transaction.
 */
export async function redeemGood(viewer: Viewer, a: { goodId: number; contact: string }): Promise<{ point: number }> {
  return afterCommit(
    db.transaction(async (tx) => {
      const [good] = await tx.select().from(pointGoods).where(eq(pointGoods.id, a.goodId));
      if (!good) throw notFound(msg("goodNotFound"));
      if (good.retiredAt) throw conflict(msg("goodRetired"));
      // The redemption first, so that its ledger row points at it (the history's related column); an
      // unaffordable one rolls back with the transaction.
      const [r] = await tx
        .insert(redemptions)
        .values({ userId: viewer.id, goodId: good.id, goodName: good.name, cost: good.cost, contact: a.contact })
        .returning({ id: redemptions.id });
      const point = await applyPoints(tx, { userId: viewer.id, type: "REDEEM", amount: -good.cost, redemptionId: r!.id });
      const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, "ADMIN"));
      await notify(
        tx,
        admins.map((ad) => ({
          userId: ad.id,
          type: "POINT_REDEEM" as const,
          fromUserId: viewer.id,
          content: `${good.name}: ${a.contact}`,
        })),
      );
      return { point };
    }),
    goodRedeemed(viewer.id),
  );
}

export async function createGood(viewer: Viewer | null, input: z.output<typeof pointGoodInputSchema>): Promise<PointGoodDto> {
  assertRole(viewer, "ADMIN");
  return afterCommit(
    db.transaction(async (tx) => {
      const [g] = await tx.insert(pointGoods).values(input).returning();
      await audit(tx, {
        actorId: viewer!.id,
        action: "good.create",
        targetType: "point-good",
        targetId: g!.id,
        before: null,
        after: auditFields(g!),
      });
      return goodDto(g!);
    }),
    pointGoodChanged(),
  );
}

export async function updateGood(
  viewer: Viewer | null,
  { id, patch }: { id: number; patch: z.output<typeof pointGoodPatchSchema> },
): Promise<PointGoodDto> {
  assertRole(viewer, "ADMIN");
  const { retired, ...fields } = patch;
  const set: Partial<GoodRow> = definedOnly(fields);
  return afterCommit(
    db.transaction(async (tx) => {
      const [old] = await tx.select().from(pointGoods).where(eq(pointGoods.id, id)).for("update");
      if (!old) throw notFound(msg("goodNotFound"));
      if (retired !== undefined && retired !== (old.retiredAt !== null)) set.retiredAt = retired ? new Date() : null;
      if (!Object.keys(set).length) return goodDto(old);
      const [g] = await tx.update(pointGoods).set(set).where(eq(pointGoods.id, id)).returning();
      const action =
        set.retiredAt !== undefined && Object.keys(set).length === 1 ? (retired ? "good.retire" : "good.offer") : "good.update";
      await audit(tx, {
        actorId: viewer!.id,
        action,
        targetType: "point-good",
        targetId: id,
        before: auditFields(old),
        after: auditFields(g!),
      });
      return goodDto(g!);
    }),
    pointGoodChanged(id),
  );
}

export async function deleteGood(viewer: Viewer | null, { id }: { id: number }): Promise<void> {
  assertRole(viewer, "ADMIN");
  await afterCommit(
    db.transaction(async (tx) => {
      const [gone] = await tx.delete(pointGoods).where(eq(pointGoods.id, id)).returning();
      if (!gone) throw notFound(msg("goodNotFound"));
      await audit(tx, {
        actorId: viewer!.id,
        action: "good.delete",
        targetType: "point-good",
        targetId: id,
        before: auditFields(gone),
        after: null,
      });
    }),
    pointGoodChanged(id),
  );
}
