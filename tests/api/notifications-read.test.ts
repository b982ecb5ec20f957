import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db";
import { notificationPrefs, notifications } from "@/db/schema";
import { NOTIFICATION_TYPES } from "@/db/schema/enums";
import { GET as list } from "@/app/api/notifications/route";
import { POST as markRead } from "@/app/api/notifications/read/route";
import { POST as readAll } from "@/app/api/notifications/read-all/route";
import { GET as unreadCount } from "@/app/api/notifications/unread-count/route";
import { GET as getPrefs, POST as postPrefs, PUT as putPrefs } from "@/app/api/notifications/prefs/route";
import { notify } from "@/lib/services/shared/notification-writer";
import { call, makeUser } from "../helpers";

async function seedFor(userId: number, fromUserId: number, n: number) {
  await notify(
    db,
    Array.from({ length: n }, () => ({ userId, type: "REACTION" as const, fromUserId, reactionType: "LIKE" as const })),
  );
  return (await db.select().from(notifications).where(eq(notifications.userId, userId))).map((r) => r.id);
}

describe("marking notifications read", () => {
  it("marks only the caller's own ids", async () => {
    const a = await makeUser();
    const b = await makeUser();
    const aIds = await seedFor(a.id, b.id, 2);
    const bIds = await seedFor(b.id, a.id, 1);
    const r = await call(markRead, "/api/notifications/read", { token: a.token, body: { ids: [aIds[0], bIds[0], 999999] } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ updated: 1 });
    const [bRow] = await db.select().from(notifications).where(eq(notifications.id, bIds[0]!));
    expect(bRow!.read).toBe(false);
    expect((await call(unreadCount, "/api/notifications/unread-count", { token: a.token })).body).toEqual({ count: 1 });
    // again: already read, nothing changes
    expect((await call(markRead, "/api/notifications/read", { token: a.token, body: { ids: [aIds[0]] } })).body).toEqual({
      updated: 0,
    });
  });

  it("validates the body: ids 1..500 positive integers", async () => {
    const a = await makeUser();
    for (const body of [{}, { ids: [] }, { ids: ["1"] }, { ids: [0] }, { ids: Array.from({ length: 501 }, (_, i) => i + 1) }]) {
      const r = await call(markRead, "/api/notifications/read", { token: a.token, body });
      expect(r.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(r.body.field).toMatch(/^ids/);
    }
    expect((await call(markRead, "/api/notifications/read", { body: { ids: [1] } })).status).toBe(401);
  });

  it("read-all marks every unread notification of the caller only", async () => {
    const a = await makeUser();
    const b = await makeUser();
    await seedFor(a.id, b.id, 3);
    await seedFor(b.id, a.id, 2);
    const r = await call(readAll, "/api/notifications/read-all", { token: a.token, method: "POST" });
    expect(r.body).toEqual({ updated: 3 });
    expect((await call(unreadCount, "/api/notifications/unread-count", { token: a.token })).body).toEqual({ count: 0 });
    expect((await call(unreadCount, "/api/notifications/unread-count", { token: b.token })).body).toEqual({ count: 2 });
    const listed = await call(list, "/api/notifications", { token: a.token });
    expect(listed.body.every((n: { read: boolean }) => n.read)).toBe(true);
  });

  it("a read-scope token cannot mark read (403)", async () => {
    const a = await makeUser({ scopes: ["read"] });
    expect((await call(readAll, "/api/notifications/read-all", { token: a.token, method: "POST" })).status).toBe(403);
  });
});

describe("notification preferences", () => {
  it("lists every notification type (NOTIFICATION_TYPES) with the defaults", async () => {
    const a = await makeUser();
    const r = await call(getPrefs, "/api/notifications/prefs", { token: a.token });
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(NOTIFICATION_TYPES.length);
    expect(r.body.map((p: { type: string }) => p.type)).toEqual([...NOTIFICATION_TYPES]);
    const off = r.body.filter((p: { enabled: boolean }) => !p.enabled).map((p: { type: string }) => p.type);
    expect(off.sort()).toEqual(["POST_VIEWED", "USER_ACTIVITY"]);
    expect((await call(getPrefs, "/api/notifications/prefs")).status).toBe(401);
  });

  it("PUT one or many, POST too; the list and count follow", async () => {
    const a = await makeUser();
    const b = await makeUser();
    await notify(db, [
      { userId: a.id, type: "POST_VIEWED", fromUserId: b.id },
      { userId: a.id, type: "REACTION", fromUserId: b.id, reactionType: "FIRE" },
    ]);
    const count = async () => (await call(unreadCount, "/api/notifications/unread-count", { token: a.token })).body.count;
    expect(await count()).toBe(1);

    const on = await call(putPrefs, "/api/notifications/prefs", {
      method: "PUT",
      token: a.token,
      body: { type: "POST_VIEWED", enabled: true },
    });
    expect(on.status).toBe(200);
    expect(on.body.find((p: { type: string }) => p.type === "POST_VIEWED").enabled).toBe(true);
    expect(await count()).toBe(2);
    const listed = await call(list, "/api/notifications", { token: a.token });
    expect(listed.body.map((n: { type: string }) => n.type).sort()).toEqual(["POST_VIEWED", "REACTION"]);

    const many = await call(postPrefs, "/api/notifications/prefs", {
      token: a.token,
      body: [
        { type: "REACTION", enabled: false },
        { type: "POST_VIEWED", enabled: false },
      ],
    });
    expect(many.status).toBe(200);
    expect(await count()).toBe(0);
    // back to a default: no row is kept for it
    const rows = await db.select().from(notificationPrefs).where(eq(notificationPrefs.userId, a.id));
    expect(rows.map((r) => [r.type, r.enabled])).toEqual([["REACTION", false]]);
    // other users are not affected
    const bp = await call(getPrefs, "/api/notifications/prefs", { token: b.token });
    expect(bp.body.find((p: { type: string }) => p.type === "REACTION").enabled).toBe(true);
  });

  it("rejects unknown types and missing fields with 400", async () => {
    const a = await makeUser();
    for (const body of [{ type: "NOPE", enabled: true }, { type: "REACTION" }, [], "x"]) {
      const r = await call(putPrefs, "/api/notifications/prefs", { method: "PUT", token: a.token, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
  });
});
