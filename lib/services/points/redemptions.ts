import "server-only";
import { desc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db, rawRows, type DbOrTx } from "@/db";
import { redemptions, users } from "@/db/schema";
import { afterCommit } from "@/lib/changes/announce";
import { redemptionFulfilled } from "@/lib/changes/written";
import { conflict, msg, notFound } from "@/lib/errors";
import { assertRole } from "@/lib/permissions";
import { iso } from "@/lib/services/dto";
import { audit } from "@/lib/services/shared/audit";
import { notify } from "@/lib/services/shared/notification-writer";
import type { AdminRedemptionsQuery, RedemptionDto, RedemptionFilter, RedemptionPageDto } from "@/lib/validation/economy";
import type { Viewer } from "@/lib/viewer";

/**
 * The redemptions of the points shop, for the admins who hand the goods over: who redeemed
 * what, how to reach them, when, and whether it is done. Marking one fulfilled is an audited admin action
 * that tells the member (REDEMPTION_FULFILLED).
 */

const fulfiller = alias(users, "fulfiller");

const statusWhere = (s: RedemptionFilter): SQL | undefined =>
  s === "pending" ? isNull(redemptions.fulfilledAt) : s === "fulfilled" ? isNotNull(redemptions.fulfilledAt) : undefined;

/** Redemptions with their member and the admin who fulfilled them: one query, whatever the page size. */
function selectRedemptions(runner: DbOrTx) {
  return runner
    .select({
      r: redemptions,
      member: { id: users.id, username: users.username, avatar: users.avatar },
      by: { id: fulfiller.id, username: fulfiller.username },
    })
    .from(redemptions)
    .innerJoin(users, eq(users.id, redemptions.userId))
    .leftJoin(fulfiller, eq(fulfiller.id, redemptions.fulfilledById));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectRedemptions>["where"]>>[number];

const toDto = ({ r, member, by }: Row): RedemptionDto => ({
  id: r.id,
  member,
  good: { id: r.goodId, name: r.goodName },
  cost: r.cost,
  contact: r.contact,
  createdAt: iso(r.createdAt)!,
  status: r.fulfilledAt ? "fulfilled" : "pending",
  fulfilledAt: iso(r.fulfilledAt),
  fulfilledBy: by?.id != null && by.username != null ? { id: by.id, username: by.username } : null,
});

/**
 * GET /api/admin/redemptions (admins): newest first, pending ones by default. Two queries: the page
 * (redemptions_pending_idx for the pending filter, the primary key otherwise) and both counts.
 */
export async function listRedemptionsForAdmin(viewer: Viewer | null, q: AdminRedemptionsQuery): Promise<RedemptionPageDto> {
  assertRole(viewer, "ADMIN");
  const [rows, [counts]] = await Promise.all([
    selectRedemptions(db)
      .where(statusWhere(q.status))
      .orderBy(desc(redemptions.id))
      .limit(q.pageSize)
      .offset(q.page * q.pageSize),
    rawRows<{ pending: number | string; total: number | string }>(
      db,
      sql`select (select count(*) from ${redemptions} where ${redemptions.fulfilledAt} is null)::int as pending,
                 (select count(*) from ${redemptions})::int as total`,
    ),
  ]);
  const pending = Number(counts?.pending ?? 0);
  const all = Number(counts?.total ?? 0);
  return {
    items: rows.map(toDto),
    total: q.status === "pending" ? pending : q.status === "fulfilled" ? all - pending : all,
    pending,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/**
 * POST /api/admin/redemptions/{id}/fulfil (admins): marks the good handed over, once (a second time:
 * 409 redemption already fulfilled), writes the audit entry and notifies the member, in one transaction.
 */
export async function fulfilRedemption(viewer: Viewer | null, { id }: { id: number }): Promise<RedemptionDto> {
  assertRole(viewer, "ADMIN");
  return afterCommit(
    db.transaction(async (tx) => {
      const [done] = await tx
        .update(redemptions)
        .set({ fulfilledAt: sql`now()`, fulfilledById: viewer!.id })
        .where(sql`${redemptions.id} = ${id} and ${redemptions.fulfilledAt} is null`)
        .returning();
      if (!done) {
        const [exists] = await tx.select({ id: redemptions.id }).from(redemptions).where(eq(redemptions.id, id));
        throw exists ? conflict(msg("redemptionFulfilled")) : notFound(msg("redemptionNotFound"));
      }
      await audit(tx, {
        actorId: viewer!.id,
        action: "redemption.fulfil",
        targetType: "redemption",
        targetId: id,
        subjectUserId: done.userId,
        before: { goodName: done.goodName, cost: done.cost, status: "pending" },
        after: { status: "fulfilled" },
      });
      await notify(tx, { userId: done.userId, type: "REDEMPTION_FULFILLED", fromUserId: viewer!.id, content: done.goodName });
      const [row] = await selectRedemptions(tx).where(eq(redemptions.id, id));
      return { dto: toDto(row!), memberId: done.userId };
    }),
    ({ memberId }) => redemptionFulfilled(memberId),
  ).then(({ dto }) => dto);
}
