// Review queue: pending posts, approve/reject with an optional reason sent to the author,
// the staff count, and who may do it.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db";
import { notifications, posts } from "@/db/schema";
import { PUT as putConfig } from "@/app/api/admin/config/route";
import { POST as approve } from "@/app/api/admin/posts/[id]/approve/route";
import { POST as reject } from "@/app/api/admin/posts/[id]/reject/route";
import { GET as pendingCount } from "@/app/api/admin/posts/pending/count/route";
import { GET as pending } from "@/app/api/admin/posts/pending/route";
import { POST as create } from "@/app/api/posts/route";
import { reviewQueueCount } from "@/lib/services/moderation/moderation";
import { call, makeCategory, makeTag, makeUser, type TestUser } from "../helpers";

let admin: TestUser, mod: TestUser, member: TestUser, other: TestUser, catId: number, tagId: number;

beforeAll(async () => {
  admin = await makeUser({ role: "ADMIN" });
  mod = await makeUser({ role: "MODERATOR" });
  member = await makeUser();
  other = await makeUser();
  catId = (await makeCategory()).id;
  tagId = (await makeTag()).id;
  const set = await call(putConfig, "/api/admin/config", { method: "PUT", token: admin.token, body: { publishMode: "REVIEW" } });
  expect(set.status).toBe(200);
});

async function submit(title: string): Promise<number> {
  const r = await call(create, "/api/posts", {
    token: member.token,
    body: { title, content: `Body of ${title}`, categoryId: catId, tagIds: [tagId] },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  expect(r.body.status).toBe("PENDING");
  return r.body.id as number;
}

const reviewedOf = (postId: number) =>
  db
    .select()
    .from(notifications)
    .where(and(eq(notifications.postId, postId), eq(notifications.type, "POST_REVIEWED"), eq(notifications.userId, member.id)));

describe("review queue", () => {
  it("counts pending posts for staff only and lists them oldest first", async () => {
    const before = (await call(pendingCount, "/api/admin/posts/pending/count", { token: mod.token })).body.count as number;
    const a = await submit("first pending");
    const b = await submit("second pending");
    const c = await call(pendingCount, "/api/admin/posts/pending/count", { token: mod.token });
    expect(c.status).toBe(200);
    expect(c.body).toMatchObject({ count: before + 2 });
    const asViewer = (u: typeof mod) => ({
      id: u.id,
      username: u.username,
      role: u.role,
      scopes: ["read" as const, "write" as const],
      via: "token" as const,
    });
    expect(await reviewQueueCount(asViewer(mod))).toBe(before + 2); // no flags in this file
    expect(await reviewQueueCount(asViewer(member))).toBeNull();
    expect((await call(pendingCount, "/api/admin/posts/pending/count", { token: member.token })).status).toBe(403);
    expect((await call(pendingCount, "/api/admin/posts/pending/count")).status).toBe(401);
    const list = await call(pending, "/api/admin/posts/pending?pageSize=100", { token: admin.token });
    const ids = (list.body as { id: number }[]).map((p) => p.id);
    expect(ids.indexOf(a)).toBeLessThan(ids.indexOf(b));
    expect(ids.indexOf(a)).toBeGreaterThanOrEqual(0);
  });

  it("rejects with a reason: the post is REJECTED and the author's notification carries it", async () => {
    const id = await submit("to reject");
    const r = await call(reject, `/api/admin/posts/${id}/reject`, {
      token: mod.token,
      params: { id: String(id) },
      body: { reason: "  Please add a source.  " },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.status).toBe("REJECTED");
    const [row] = await db.select().from(posts).where(eq(posts.id, id));
    expect(row!.status).toBe("REJECTED");
    const n = await reviewedOf(id);
    expect(n).toHaveLength(1);
    expect(n[0]).toMatchObject({ approved: false, content: "Please add a source.", fromUserId: mod.id });
    // Rejecting twice is a conflict and notifies nobody again.
    const again = await call(reject, `/api/admin/posts/${id}/reject`, { token: mod.token, params: { id: String(id) } });
    expect(again.status).toBe(409);
    expect(await reviewedOf(id)).toHaveLength(1);
  });

  it("approves without a body (no reason) and the post is published", async () => {
    const id = await submit("to approve");
    const r = await call(approve, `/api/admin/posts/${id}/approve`, { token: admin.token, params: { id: String(id) } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.status).toBe("PUBLISHED");
    const n = await reviewedOf(id);
    expect(n).toHaveLength(1);
    expect(n[0]).toMatchObject({ approved: true, content: null });
  });

  it("refuses members (the author included) and validates the reason", async () => {
    const id = await submit("refused");
    for (const u of [member, other]) {
      const r = await call(approve, `/api/admin/posts/${id}/approve`, { token: u.token, params: { id: String(id) } });
      expect([403, 404]).toContain(r.status);
    }
    const long = await call(reject, `/api/admin/posts/${id}/reject`, {
      token: mod.token,
      params: { id: String(id) },
      body: { reason: "x".repeat(1001) },
    });
    expect(long.status).toBe(400);
    expect(long.body.field).toBe("reason");
    const [row] = await db.select().from(posts).where(eq(posts.id, id));
    expect(row!.status).toBe("PENDING");
  });
});
