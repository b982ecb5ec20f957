import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db";
import { comments, flags, mailOutbox, notificationMailQueue, notifications, posts, users, userVisitDays } from "@/db/schema";
import { GET as dashboard } from "@/app/api/admin/dashboard/route";
import { GET as openapiJson } from "@/app/api/openapi.json/route";
import type { OpenApiDocument } from "@/app/api/openapi.json/openapi";
import { adminDashboardSchema, type AdminDashboardDto, type DashboardSeries } from "@/lib/validation/admin-dashboard";
import { errorSchema } from "@/lib/validation/responses";
import { call, makeUser, type TestUser } from "../helpers";
import { makePost } from "./comments-fixtures";
import { validateWithDocument } from "./openapi-validate";

// the staff dashboard behind /admin.
const get = (u?: TestUser) => call(dashboard, "/api/admin/dashboard", { token: u?.token });
const load = async (u: TestUser) => {
  const r = await get(u);
  expect(r.status).toBe(200);
  return adminDashboardSchema.parse(r.body);
};
const ago = (days: number) => new Date(Date.now() - days * 86_400_000);
const series = (d: AdminDashboardDto, k: DashboardSeries) => d.activity.find((a) => a.key === k)!;
const windows = (d: AdminDashboardDto, k: DashboardSeries) => {
  const a = series(d, k);
  return [a.day, a.week, a.month];
};
const utcDay = (d: Date) => d.toISOString().slice(0, 10);
const onDay = (d: AdminDashboardDto, k: DashboardSeries, day: string) => series(d, k).daily.find((p) => p.date === day)?.value;

describe("GET /api/admin/dashboard", () => {
  it("answers 401 without credentials and 403 to a member, in the error body of docs/api.md §1", async () => {
    const anon = await get();
    expect(anon.status).toBe(401);
    expect(errorSchema.parse(anon.body).code).toBeTruthy();
    const member = await makeUser();
    const r = await get(member);
    expect(r.status).toBe(403);
    expect(errorSchema.parse(r.body).code).toBe("forbidden");
  });

  it("counts sign-ups, members seen, posts and comments over the last 24 hours, 7 and 30 days, with 30 days of daily points", async () => {
    const admin = await makeUser({ role: "ADMIN" });
    const before = await load(admin);
    expect(before.scope).toBe("ADMIN");

    // Sign-ups: one now, one 3 days ago, one 20 days ago, one 40 days ago, and a bot (never counted).
    const fresh = await Promise.all([makeUser(), makeUser(), makeUser(), makeUser(), makeUser()]);
    const when = [ago(0), ago(3), ago(20), ago(40)];
    for (const [i, at] of when.entries())
      await db
        .update(users)
        .set({ createdAt: at })
        .where(sql`${users.id} = ${fresh[i]!.id}`);
    await db
      .update(users)
      .set({ bot: true })
      .where(sql`${users.id} = ${fresh[4]!.id}`);

    // Posts: published now and 5 days ago, published 35 days ago, and a pending one (not a published post).
    const author = fresh[0]!.id;
    const p1 = await makePost(author);
    const p2 = await makePost(author);
    const p3 = await makePost(author);
    await makePost(author, { status: "PENDING" });
    await db
      .update(posts)
      .set({ createdAt: ago(5) })
      .where(sql`${posts.id} = ${p2.id}`);
    await db
      .update(posts)
      .set({ createdAt: ago(35) })
      .where(sql`${posts.id} = ${p3.id}`);

    // Comments: two now, one 10 days ago, and a deleted one (not counted).
    await db.insert(comments).values([
      { postId: p1.id, authorId: author, content: "a" },
      { postId: p1.id, authorId: author, content: "b" },
      { postId: p1.id, authorId: author, content: "c", createdAt: ago(10) },
      { postId: p1.id, authorId: author, content: "d", deletedAt: new Date() },
    ]);

    // Members seen: one today, one 6 days ago and 2 days ago (one member), one 25 days ago.
    await db.insert(userVisitDays).values([
      { day: utcDay(ago(0)), userId: fresh[0]!.id, lastSeenAt: ago(0) },
      { day: utcDay(ago(6)), userId: fresh[1]!.id, lastSeenAt: ago(6) },
      { day: utcDay(ago(2)), userId: fresh[1]!.id, lastSeenAt: ago(2) },
      { day: utcDay(ago(25)), userId: fresh[2]!.id, lastSeenAt: ago(25) },
    ]);

    const after = await load(admin);
    const delta = (k: DashboardSeries) => windows(after, k).map((n, i) => n - windows(before, k)[i]!);
    expect(delta("signups")).toEqual([1, 2, 3]);
    expect(delta("posts")).toEqual([1, 2, 2]);
    expect(delta("comments")).toEqual([2, 2, 3]);
    expect(delta("active")).toEqual([1, 2, 3]);
    expect(after.totals.members! - before.totals.members!).toBe(4);
    expect(after.totals.posts - before.totals.posts).toBe(3);
    expect(after.totals.comments - before.totals.comments).toBe(3);

    for (const a of after.activity) {
      expect(a.daily).toHaveLength(30);
      expect(a.daily.at(-1)!.date).toBe(utcDay(new Date()));
      expect(a.daily[0]!.date).toBe(utcDay(ago(29)));
    }
    const diffOn = (k: DashboardSeries, day: Date) => onDay(after, k, utcDay(day))! - onDay(before, k, utcDay(day))!;
    expect(diffOn("signups", ago(20))).toBe(1);
    expect(diffOn("posts", ago(5))).toBe(1);
    expect(diffOn("comments", ago(10))).toBe(1);
    expect(diffOn("active", ago(25))).toBe(1);
    expect(diffOn("active", ago(6))).toBe(1);
  });

  it("shows open flags, pending posts and the mail queue; a moderator gets the moderation part only", async () => {
    const [admin, moderator, a, b] = await Promise.all([
      makeUser({ role: "ADMIN" }),
      makeUser({ role: "MODERATOR" }),
      makeUser(),
      makeUser(),
    ]);
    const before = await load(admin);
    const post = await makePost(a.id);
    const pending = await makePost(a.id, { status: "PENDING" });
    await db
      .update(posts)
      .set({ createdAt: ago(2) })
      .where(sql`${posts.id} = ${pending.id}`);
    const [c] = await db.insert(comments).values({ postId: post.id, authorId: a.id, content: "flag me" }).returning();
    // Two flags on the post and one on the comment: three flags on two items; one resolved flag not counted.
    await db.insert(flags).values([
      { reporterId: b.id, postId: post.id, reason: "SPAM" },
      { reporterId: moderator.id, postId: post.id, reason: "SPAM" },
      { reporterId: b.id, postId: post.id, commentId: c!.id, reason: "SPAM" },
      { reporterId: admin.id, postId: post.id, commentId: c!.id, reason: "SPAM", status: "RESOLVED", action: "DISMISS" },
    ]);
    const mail = (status: "pending" | "sending" | "sent" | "failed", extra: Partial<typeof mailOutbox.$inferInsert> = {}) => ({
      kind: "reply",
      toAddress: "x@example.test",
      status,
      ...extra,
    });
    await db
      .insert(mailOutbox)
      .values([
        mail("pending", { createdAt: ago(1) }),
        mail("pending", { lastError: "connection refused", attempts: 1 }),
        mail("failed", { lastError: "mailbox unavailable", attempts: 5 }),
        mail("sent", { sentAt: ago(0.1) }),
        mail("sent", { sentAt: ago(3) }),
      ]);
    const [n] = await db.insert(notifications).values({ userId: a.id, type: "POST_REVIEWED", postId: post.id }).returning();
    await db.insert(notificationMailQueue).values({ notificationId: n!.id }).onConflictDoNothing();

    const after = await load(admin);
    expect(after.moderation.openFlags - before.moderation.openFlags).toBe(3);
    expect(after.moderation.flaggedItems - before.moderation.flaggedItems).toBe(2);
    expect(after.moderation.oldestFlagAt).not.toBeNull();
    expect(after.moderation.pendingPosts - before.moderation.pendingPosts).toBe(1);
    expect(Date.parse(after.moderation.oldestPendingAt!)).toBeLessThanOrEqual(ago(2).getTime() + 1000);
    const m = after.mail!,
      m0 = before.mail!;
    expect([m.pending - m0.pending, m.retrying - m0.retrying, m.failed - m0.failed, m.sentLastDay - m0.sentLastDay]).toEqual([2, 1, 1, 1]);
    expect(m.transport).toBe("files");
    expect(Date.parse(m.oldestPendingAt!)).toBeLessThanOrEqual(ago(1).getTime() + 1000);
    expect(m.replyQueue).toBeGreaterThanOrEqual(1);

    const mod = await load(moderator);
    expect(mod.scope).toBe("MODERATOR");
    expect(mod.totals.members).toBeNull();
    expect(mod.mail).toBeNull();
    expect(mod.activity.map((x) => x.key)).toEqual(["posts", "comments"]);
    expect(mod.moderation).toEqual(after.moderation);
    expect(mod.totals.posts).toBe(after.totals.posts);
  });

  it("is in the OpenAPI document for moderators, and its answer matches the documented schema", async () => {
    const doc = (await call(openapiJson, "/api/openapi.json")).body as OpenApiDocument;
    const op = doc.paths["/api/admin/dashboard"]?.get as
      { responses: Record<string, { content: Record<string, { schema: Record<string, unknown> }> }> } | undefined;
    expect(op).toBeDefined();
    expect(JSON.stringify(op)).toContain("MODERATOR");
    const schema = op!.responses["200"]!.content["application/json"]!.schema;
    const admin = await makeUser({ role: "ADMIN" });
    const moderator = await makeUser({ role: "MODERATOR" });
    expect(validateWithDocument(doc, schema, (await get(admin)).body)).toEqual([]);
    expect(validateWithDocument(doc, schema, (await get(moderator)).body)).toEqual([]);
  });
});
