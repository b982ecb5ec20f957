import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { db } from "@/db";
import { auditLogs, users } from "@/db/schema";
import { GET as auditLog } from "@/app/api/admin/audit-log/route";
import { PUT as setRole } from "@/app/api/admin/users/[id]/role/route";
import { POST as suspend } from "@/app/api/admin/users/[id]/suspend/route";
import { POST as unsuspend } from "@/app/api/admin/users/[id]/unsuspend/route";
import { POST as postComment } from "@/app/api/posts/[id]/comments/route";
import { GET as getPost } from "@/app/api/posts/[id]/route";
import { POST as logout } from "@/app/api/auth/logout/route";
import { adminUserSchema, auditLogEntrySchema } from "@/lib/validation/admin-users";
import { errorSchema } from "@/lib/validation/responses";
import { call, makeUser, sessionCookie, type TestUser } from "../helpers";
import { makePost } from "./comments-fixtures";

// suspensions, roles and the audit log.
const inAWeek = () => new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
const suspendAs = (actor: TestUser, target: number, body: unknown) =>
  call(suspend, `/api/admin/users/${target}/suspend`, { token: actor.token, params: { id: String(target) }, body });
const comment = (o: { token?: string; headers?: Record<string, string> }, postId: number) =>
  call(postComment, `/api/posts/${postId}/comments`, { ...o, params: { id: String(postId) }, body: { content: "hello" } });

describe("admin: suspend, unsuspend, role, audit log", () => {
  it("a suspended member can read, and every write by token or by cookie answers 403 suspended with the end date", async () => {
    const [admin, member] = await Promise.all([makeUser({ role: "ADMIN" }), makeUser()]);
    const post = await makePost(admin.id);
    const until = inAWeek();
    const r = await suspendAs(admin, member.id, { until, reason: "Spamming links" });
    expect(r.status).toBe(200);
    expect(adminUserSchema.parse(r.body)).toMatchObject({ id: member.id, suspendedReason: "Spamming links" });
    expect(Date.parse(r.body.suspendedUntil)).toBe(Date.parse(until));

    const read = await call(getPost, `/api/posts/${post.id}`, { token: member.token, params: { id: String(post.id) } });
    expect(read.status).toBe(200);

    const byToken = await comment({ token: member.token }, post.id);
    expect(byToken.status).toBe(403);
    expect(errorSchema.parse(byToken.body).code).toBe("suspended");
    expect(Date.parse(byToken.body.until)).toBe(Date.parse(until));

    const { cookie } = await sessionCookie(member.id);
    const byCookie = await comment({ headers: { cookie, origin: "http://localhost:3000" } }, post.id);
    expect(byCookie.status).toBe(403);
    expect(byCookie.body.code).toBe("suspended");

    // Signing out still works.
    expect((await call(logout, "/api/auth/logout", { method: "POST", token: member.token })).status).toBeLessThan(300);

    const other = await makeUser();
    await suspendAs(admin, other.id, { until, reason: "x" });
    const lifted = await call(unsuspend, `/api/admin/users/${other.id}/unsuspend`, {
      method: "POST",
      token: admin.token,
      params: { id: String(other.id) },
    });
    expect(lifted.status).toBe(200);
    expect(lifted.body.suspendedUntil).toBeNull();
    expect((await comment({ token: other.token }, post.id)).status).toBe(201);
  });

  it("a suspension that has ended no longer blocks writes", async () => {
    const [admin, member] = await Promise.all([makeUser({ role: "ADMIN" }), makeUser()]);
    const post = await makePost(admin.id);
    await db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() - 1000), suspendedReason: "old" })
      .where(eq(users.id, member.id));
    expect((await comment({ token: member.token }, post.id)).status).toBe(201);
  });

  it("refuses members and moderators, a date in the past, an empty reason, one's own account, an unknown user", async () => {
    const [admin, mod, member, target] = await Promise.all([
      makeUser({ role: "ADMIN" }),
      makeUser({ role: "MODERATOR" }),
      makeUser(),
      makeUser(),
    ]);
    for (const who of [member, mod]) {
      // Moderators suspend members, never an admin; members nobody.
      expect((await suspendAs(who, admin.id, { until: inAWeek(), reason: "x" })).status).toBe(403);
      expect(
        (
          await call(setRole, `/api/admin/users/${target.id}/role`, {
            method: "PUT",
            token: who.token,
            params: { id: String(target.id) },
            body: { role: "ADMIN" },
          })
        ).status,
      ).toBe(403);
      expect((await call(auditLog, "/api/admin/audit-log", { token: who.token })).status).toBe(403);
    }
    expect((await call(auditLog, "/api/admin/audit-log")).status).toBe(401);
    for (const body of [
      { until: new Date(Date.now() - 60_000).toISOString(), reason: "x" },
      { until: inAWeek(), reason: "  " },
      { until: "soon", reason: "x" },
      { reason: "x" },
    ]) {
      const r = await suspendAs(admin, target.id, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(errorSchema.safeParse(r.body).success).toBe(true);
    }
    expect((await suspendAs(admin, admin.id, { until: inAWeek(), reason: "x" })).status).toBe(400);
    expect((await suspendAs(admin, 999_999_999, { until: inAWeek(), reason: "x" })).status).toBe(404);
    const [row] = await db.select().from(users).where(eq(users.id, target.id));
    expect(row!.suspendedUntil).toBeNull(); // nothing refused changed anything
    expect(row!.role).toBe("USER");
  });

  it("a role change takes effect and every admin action is in the audit log with before and after", async () => {
    const [admin, member] = await Promise.all([makeUser({ role: "ADMIN" }), makeUser()]);
    const r = await call(setRole, `/api/admin/users/${member.id}/role`, {
      method: "PUT",
      token: admin.token,
      params: { id: String(member.id) },
      body: { role: "MODERATOR" },
    });
    expect(r.status).toBe(200);
    expect(r.body.role).toBe("MODERATOR");
    expect(
      (
        await call(setRole, `/api/admin/users/${member.id}/role`, {
          method: "PUT",
          token: admin.token,
          params: { id: String(member.id) },
          body: { role: "KING" },
        })
      ).status,
    ).toBe(400);
    await suspendAs(admin, member.id, { until: inAWeek(), reason: "cool off" });

    const log = await call(auditLog, "/api/admin/audit-log?page=0&size=50", { token: admin.token });
    expect(log.status).toBe(200);
    const mine = z
      .array(auditLogEntrySchema)
      .parse(log.body)
      .filter((e) => e.targetId === member.id);
    expect(mine.map((e) => e.action)).toEqual(["user.suspend", "user.role"]);
    expect(mine[1]).toMatchObject({
      actor: { id: admin.id, username: admin.username },
      targetType: "user",
      before: { role: "USER" },
      after: { role: "MODERATOR" },
    });
    const rows = await db.select().from(auditLogs).where(eq(auditLogs.targetId, member.id));
    expect(rows).toHaveLength(2);
  });
});
