// the point shop's redemptions — the history's related column names the good, and
// admins get a list to fulfil (member, good, contact, when, status), audit-logged, the member notified.
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db, dbStats } from "@/db";
import { auditLogs, notifications, pointGoods, redemptions } from "@/db/schema";
import { GET as listAudit } from "@/app/api/admin/audit/route";
import { PUT as updateGood } from "@/app/api/admin/point-goods/[id]/route";
import { GET as listRedemptions } from "@/app/api/admin/redemptions/route";
import { POST as fulfil } from "@/app/api/admin/redemptions/[id]/fulfil/route";
import { GET as listNotifications } from "@/app/api/notifications/route";
import { POST as redeem } from "@/app/api/point-goods/redeem/route";
import { GET as history } from "@/app/api/point-histories/route";
import { pointHistorySchema, redemptionPageSchema, redemptionSchema, type RedemptionDto } from "@/lib/validation/economy";
import { call, makeUser, type TestUser } from "../helpers";
import { expectLedgerConsistent } from "./economy-helpers";

afterEach(expectLedgerConsistent);

async function good(name: string, cost = 10) {
  const [g] = await db.insert(pointGoods).values({ name, cost }).returning();
  return g!;
}

async function redeemOne(u: TestUser, goodId: number, contact: string) {
  const r = await call(redeem, "/api/point-goods/redeem", { token: u.token, body: { goodId, contact } });
  expect(r.status).toBe(200);
  const [row] = await db
    .select()
    .from(redemptions)
    .where(and(eq(redemptions.userId, u.id), eq(redemptions.contact, contact)));
  return row!;
}

const list = (token: string | undefined, qs = "") => call(listRedemptions, `/api/admin/redemptions${qs}`, { token });
const fulfilAs = (token: string | undefined, id: number) =>
  call(fulfil, `/api/admin/redemptions/${id}/fulfil`, { method: "POST", token, params: { id: String(id) } });

describe("point history: a redemption's row", () => {
  it("names the good it paid for, whether it is still offered, and whether it was handed over", async () => {
    const admin = await makeUser({ role: "ADMIN" });
    const buyer = await makeUser({ point: 100 });
    const mug = await good("Forum mug", 40);
    const r = await redeemOne(buyer, mug.id, "buyer@example.test");

    const h = await call(history, "/api/point-histories", { token: buyer.token });
    expect(h.status).toBe(200);
    const rows = h.body.map((x: unknown) => pointHistorySchema.parse(x));
    const row = rows.find((x: { type: string }) => x.type === "REDEEM")!;
    expect(row).toMatchObject({
      amount: -40,
      balance: 60,
      redemption: { id: r.id, goodId: mug.id, goodName: "Forum mug", onOffer: true, status: "pending" },
    });
    // Other rows relate to no redemption.
    expect(rows.find((x: { type: string }) => x.type === "ADMIN_GRANT")!.redemption).toBeNull();

    // Retired (and renamed) later: the row keeps the name it was redeemed under and says it is not offered.
    const id = String(mug.id);
    const up = await call(updateGood, `/api/admin/point-goods/${id}`, {
      method: "PUT",
      token: admin.token,
      body: { retired: true, name: "Old mug" },
      params: { id },
    });
    expect(up.status).toBe(200);
    expect((await fulfilAs(admin.token, r.id)).status).toBe(200);
    const after = (await call(history, "/api/point-histories", { token: buyer.token })).body.find(
      (x: { type: string }) => x.type === "REDEEM",
    );
    expect(after.redemption).toEqual({ id: r.id, goodId: mug.id, goodName: "Forum mug", onOffer: false, status: "fulfilled" });
  });
});

describe("GET /api/admin/redemptions", () => {
  it("lists pending redemptions newest first with member, good, contact and time; fulfilled and all on request", async () => {
    const admin = await makeUser({ role: "ADMIN" });
    const ann = await makeUser({ point: 100 });
    const ben = await makeUser({ point: 100 });
    const tea = await good("Tea", 10);
    const pen = await good("Pen", 20);
    // The counts are the database's (this file's earlier tests redeemed too): measured as differences.
    const base = redemptionPageSchema.parse((await list(admin.token, "?status=all")).body);
    const basePending = base.pending;
    const baseDone = base.total - base.pending;
    const r1 = await redeemOne(ann, tea.id, "Ann, 1 High St");
    const r2 = await redeemOne(ben, pen.id, "ben@example.test");
    const r3 = await redeemOne(ann, pen.id, "ann@example.test");

    const res = await list(admin.token);
    expect(res.status).toBe(200);
    const page = redemptionPageSchema.parse(res.body);
    expect(page).toMatchObject({ total: basePending + 3, pending: basePending + 3, page: 0, pageSize: 25 });
    expect(page.items.slice(0, 3).map((x) => x.id)).toEqual([r3.id, r2.id, r1.id]);
    const first: RedemptionDto = page.items[2]!;
    expect(first).toEqual({
      id: r1.id,
      member: { id: ann.id, username: ann.username, avatar: "" },
      good: { id: tea.id, name: "Tea" },
      cost: 10,
      contact: "Ann, 1 High St",
      createdAt: r1.createdAt.toISOString(),
      status: "pending",
      fulfilledAt: null,
      fulfilledBy: null,
    });

    expect((await fulfilAs(admin.token, r2.id)).status).toBe(200);
    const pending = redemptionPageSchema.parse((await list(admin.token, "?status=pending")).body);
    expect(pending.items.slice(0, 2).map((x) => x.id)).toEqual([r3.id, r1.id]);
    expect(pending.items.every((x) => x.status === "pending")).toBe(true);
    expect(pending).toMatchObject({ total: basePending + 2, pending: basePending + 2 });
    const done = redemptionPageSchema.parse((await list(admin.token, "?status=fulfilled")).body);
    expect(done.items[0]).toMatchObject({ id: r2.id, status: "fulfilled", fulfilledBy: { id: admin.id, username: admin.username } });
    expect(done.items.every((x) => x.status === "fulfilled")).toBe(true);
    expect(done).toMatchObject({ total: baseDone + 1, pending: basePending + 2 });
    const all = redemptionPageSchema.parse((await list(admin.token, "?status=all&pageSize=2&page=1")).body);
    expect(all).toMatchObject({ total: base.total + 3, pending: basePending + 2, page: 1, pageSize: 2 });
    expect(all.items[0]!.id).toBe(r1.id);

    expect((await list(admin.token, "?status=lost")).status).toBe(400);
    expect((await list(admin.token, "?pageSize=101")).status).toBe(400);
  });

  it("is for admins only: 401 anonymous, 403 for members and moderators", async () => {
    const mod = await makeUser({ role: "MODERATOR" });
    const member = await makeUser();
    expect((await list(undefined)).status).toBe(401);
    const r = await list(member.token);
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: "forbidden" });
    expect((await list(mod.token)).status).toBe(403);
  });

  it("runs a constant number of statements, whatever the page size", async () => {
    const admin = await makeUser({ role: "ADMIN" });
    const buyer = await makeUser({ point: 1000 });
    const g = await good("Sticker", 5);
    for (let i = 0; i < 12; i++) await redeemOne(buyer, g.id, `contact ${i}`);
    const statements = async (qs: string) => {
      const before = dbStats.queries;
      const r = await list(admin.token, qs);
      expect(r.status).toBe(200);
      return { n: dbStats.queries - before, items: r.body.items.length };
    };
    await statements("?pageSize=1"); // the token's first use is written once
    const one = await statements("?pageSize=1");
    const twelve = await statements("?pageSize=12&status=all");
    expect([one.items, twelve.items]).toEqual([1, 12]);
    expect(twelve.n).toBe(one.n);
  });
});

describe("POST /api/admin/redemptions/{id}/fulfil", () => {
  it("marks it fulfilled once, writes one audit entry and notifies the member; 409 again, 404 unknown", async () => {
    const admin = await makeUser({ role: "ADMIN" });
    const buyer = await makeUser({ point: 50 });
    const hat = await good("Hat", 30);
    const r = await redeemOne(buyer, hat.id, "buyer, 2 Low Rd");

    const res = await fulfilAs(admin.token, r.id);
    expect(res.status).toBe(200);
    const dto = redemptionSchema.parse(res.body);
    expect(dto).toMatchObject({
      id: r.id,
      status: "fulfilled",
      fulfilledBy: { id: admin.id, username: admin.username },
      contact: "buyer, 2 Low Rd",
    });
    expect(dto.fulfilledAt).not.toBeNull();

    // What it left behind: the row, one audit entry, one notification for the member.
    const [row] = await db.select().from(redemptions).where(eq(redemptions.id, r.id));
    expect(row!.fulfilledById).toBe(admin.id);
    expect(row!.fulfilledAt?.toISOString()).toBe(dto.fulfilledAt);
    const logsOf = (id: number) =>
      db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, "redemption.fulfil"), eq(auditLogs.targetId, id)));
    const notesOf = (userId: number) =>
      db
        .select()
        .from(notifications)
        .where(and(eq(notifications.type, "REDEMPTION_FULFILLED"), eq(notifications.userId, userId)));
    const logs = await logsOf(r.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ actorId: admin.id, targetType: "redemption", targetId: r.id, subjectUserId: buyer.id });
    const audit = await call(listAudit, "/api/admin/audit?action=redemption", { token: admin.token });
    expect(audit.status).toBe(200);
    expect(audit.body.items[0].summary).toBe(`${admin.username} handed over ${buyer.username}'s Hat`);
    expect(audit.body.items[0].target).toMatchObject({ type: "redemption", id: r.id, label: "Hat", href: "/admin/redemptions?status=all" });
    const notes = await notesOf(buyer.id);
    expect(notes.map((n) => [n.userId, n.fromUserId, n.content])).toEqual([[buyer.id, admin.id, "Hat"]]);
    const inbox = await call(listNotifications, "/api/notifications", { token: buyer.token });
    expect(inbox.body.find((n: { type: string }) => n.type === "REDEMPTION_FULFILLED")).toMatchObject({
      content: "Hat",
      fromUser: { username: admin.username },
      read: false,
    });

    // Once only: a second mark changes nothing.
    const again = await fulfilAs(admin.token, r.id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "conflict", error: "This redemption is already fulfilled" });
    expect(await logsOf(r.id)).toHaveLength(1);
    expect(await notesOf(buyer.id)).toHaveLength(1);
    const missing = await fulfilAs(admin.token, 999999);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: "not_found", error: "Redemption not found" });
    expect(
      (await call(fulfil, "/api/admin/redemptions/x/fulfil", { method: "POST", token: admin.token, params: { id: "x" } })).status,
    ).toBe(400);
  });

  it("is refused to members (the buyer too) and moderators with 403, anonymous with 401, leaving it pending", async () => {
    const mod = await makeUser({ role: "MODERATOR" });
    const buyer = await makeUser({ point: 50 });
    const g = await good("Cap", 10);
    const r = await redeemOne(buyer, g.id, "cap@example.test");
    for (const token of [buyer.token, mod.token]) {
      const res = await fulfilAs(token, r.id);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: "forbidden" });
    }
    expect((await fulfilAs(undefined, r.id)).status).toBe(401);
    const [row] = await db.select().from(redemptions).where(eq(redemptions.id, r.id));
    expect(row).toMatchObject({ fulfilledAt: null, fulfilledById: null });
    expect(
      await db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, "redemption.fulfil"), eq(auditLogs.targetId, r.id))),
    ).toHaveLength(0);
    expect(
      await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.type, "REDEMPTION_FULFILLED"), eq(notifications.userId, buyer.id))),
    ).toHaveLength(0);
  });
});
