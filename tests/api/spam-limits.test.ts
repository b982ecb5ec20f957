// Issue 58 item 1: new-member limits, set in GET/PUT /api/admin/config; refusals name the rule and when it lifts.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db";
import { auditLogs, comments, flags, posts, spamEvents, users } from "@/db/schema";
import { GET as getConfig, PUT as putConfig } from "@/app/api/admin/config/route";
import { PUT as updateMe } from "@/app/api/users/me/route";
import { call, comment, config, member, post, theAdmin } from "./spam-helpers";

const links = (n: number) => Array.from({ length: n }, (_, i) => `see https://example${i}.test/page`).join("\n");

describe("GET/PUT /api/admin/config: the new-member settings", () => {
  it("shows the defaults beside the other settings, saves a change with an audit line, and refuses a bad value naming it", async () => {
    const admin = await theAdmin();
    const r = await call(getConfig, "/api/admin/config", { token: admin.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      publishMode: "DIRECT",
      newMemberMaxLinks: 2,
      newMemberMaxImages: 1,
      newMemberMaxMentions: 2,
      newMemberProfileLinks: false,
      newMemberCooldownSeconds: 0,
      newMemberReviewPosts: 0,
      spamFlagSilenceThreshold: 3,
      linkBurstLimit: 10,
      blockDisposableEmails: true,
    });
    const after = await config({ newMemberMaxLinks: 4 });
    expect(after.newMemberMaxLinks).toBe(4);
    const [line] = await db.select().from(auditLogs).where(eq(auditLogs.action, "settings.update"));
    expect(line!.after).toEqual({ newMemberMaxLinks: 4 });
    const bad = await call(putConfig, "/api/admin/config", { method: "PUT", token: admin.token, body: { newMemberMaxLinks: -1 } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "validation_failed", field: "newMemberMaxLinks" });
    const user = await member(1);
    expect((await call(getConfig, "/api/admin/config", { token: user.token })).status).toBe(403);
    await config({ newMemberMaxLinks: 2 });
  });
});

describe("new members (level 0): links, images, mentions per post or comment", () => {
  it("refuses a third link with 400 new_member_limit naming the field, the rule, the limit and when it lifts", async () => {
    const u = await member(0);
    const r = await post(u, { content: links(3) });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: "new_member_limit", field: "content", rule: "links", max: 2, count: 3, liftsAtLevel: 1 });
    expect(r.body.error).toMatch(/at most 2 links.*level 1/);
    expect(await db.select().from(posts).where(eq(posts.authorId, u.id))).toHaveLength(0);
    const [ev] = await db
      .select()
      .from(spamEvents)
      .where(and(eq(spamEvents.userId, u.id), eq(spamEvents.rule, "links")));
    expect(ev!.kind).toBe("blocked");
    expect((await post(u, { content: links(2) })).status).toBe(201);
  });

  it("refuses two images and three mentions, in posts and in comments", async () => {
    const u = await member(0);
    const img = await post(u, { content: "![a](https://img.test/a.png) ![b](https://img.test/b.png)" });
    expect(img.body).toMatchObject({ code: "new_member_limit", rule: "images", max: 1, count: 2 });
    const ok = await post(u, { content: "hi" });
    expect(ok.status).toBe(201);
    const [m1, m2, m3] = [await member(1), await member(1), await member(1)];
    // Names of no member, and the writer's own, are not mentions of anyone.
    expect((await comment(u, ok.body.id, `@nobody1 @nobody2 @nobody3 @${u.username} @${m1.username}`)).status).toBe(201);
    const men = await comment(u, ok.body.id, `@${m1.username} @${m2.username} @[${m3.username}] hello`);
    expect(men.status).toBe(400);
    expect(men.body).toMatchObject({ code: "new_member_limit", field: "content", rule: "mentions", max: 2, count: 3 });
    const three = await comment(u, ok.body.id, links(3));
    expect(three.body).toMatchObject({ rule: "links" });
    // Only the comment that mentioned no one past the limit was written.
    expect(await db.select().from(comments).where(eq(comments.authorId, u.id))).toHaveLength(1);
  });

  it("does not limit a member from level 1 on, nor staff", async () => {
    const u = await member(1);
    expect((await post(u, { content: links(6) })).status).toBe(201);
    expect((await post(await theAdmin(), { content: links(6) })).status).toBe(201);
  });
});

describe("new members: profile links, cooldown, first posts to review", () => {
  it("refuses a link in a new member's profile text, naming the field", async () => {
    const u = await member(0);
    const r = await call(updateMe, "/api/users/me", { method: "PUT", token: u.token, body: { introduction: "visit https://shop.test" } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: "new_member_limit", field: "introduction", rule: "profile_links", liftsAtLevel: 1 });
    const ok = await call(updateMe, "/api/users/me", { method: "PUT", token: u.token, body: { introduction: "I like tea" } });
    expect(ok.status).toBe(200);
    const older = await member(1);
    expect(
      (await call(updateMe, "/api/users/me", { method: "PUT", token: older.token, body: { introduction: "https://me.test" } })).status,
    ).toBe(200);
  });

  it("makes a new member wait the cooldown between two writes: 429 rule cooldown with Retry-After", async () => {
    await config({ newMemberCooldownSeconds: 60 });
    try {
      const u = await member(0);
      const first = await post(u);
      expect(first.status).toBe(201);
      const again = await comment(u, first.body.id, "quick follow-up");
      expect(again.status).toBe(429);
      expect(again.body).toMatchObject({ code: "rate_limited", rule: "cooldown", cooldownSeconds: 60, liftsAtLevel: 1 });
      expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(50);
      expect((await comment(await member(1), first.body.id, "no wait for me")).status).toBe(201);
    } finally {
      await config({ newMemberCooldownSeconds: 0 });
    }
  });

  it("holds a new member's posts and comments for review until N were approved: 201 status PENDING", async () => {
    await config({ newMemberReviewPosts: 2 });
    try {
      const u = await member(0);
      const p = await post(u, { title: "My first post" });
      expect(p.status).toBe(201);
      expect(p.body.status).toBe("PENDING");
      const host = await post(await member(1));
      const c = await comment(u, host.body.id, "my first comment");
      expect(c.status).toBe(201);
      expect(c.body).toMatchObject({ status: "PENDING", hidden: true });
      // The held comment is in the flag queue with a system flag.
      const [f] = await db.select().from(flags).where(eq(flags.commentId, c.body.id));
      expect(f!.note).toMatch(/review/);
      // Held writes do not count: while the first two wait, the third waits too.
      const third = await post(u, { title: "Third" });
      expect(third.body.status).toBe("PENDING");
      // Once staff let two through (a post approved, the comment shown), the next one is published.
      await db.update(posts).set({ status: "PUBLISHED" }).where(eq(posts.id, p.body.id));
      await db.update(comments).set({ hiddenAt: null }).where(eq(comments.id, c.body.id));
      const fourth = await post(u, { title: "Fourth" });
      expect(fourth.body.status).toBe("PUBLISHED");
    } finally {
      await config({ newMemberReviewPosts: 0 });
    }
  });
});

describe("automatic defence: many links in a short time", () => {
  it("holds the write that passes the burst, silences the member and hides what they wrote", async () => {
    await config({ linkBurstLimit: 3, linkBurstMinutes: 10 });
    try {
      const u = await member(0);
      const a = await post(u, { content: links(2) });
      expect(a.body.status).toBe("PUBLISHED");
      const b = await comment(u, a.body.id, links(2));
      expect(b.status).toBe(201);
      expect(b.body).toMatchObject({ status: "PENDING", hidden: true });
      const [row] = await db.select({ until: users.suspendedUntil }).from(users).where(eq(users.id, u.id));
      expect(row!.until!.getUTCFullYear()).toBe(9999);
      const [p] = await db.select({ status: posts.status }).from(posts).where(eq(posts.id, a.body.id));
      expect(p!.status).toBe("PENDING");
      const next = await post(u, { content: "hello" });
      expect(next.status).toBe(403);
      expect(next.body).toMatchObject({ code: "suspended", silenced: true });
      expect(next.body.error).toMatch(/silenced/);
      const events = await db.select().from(spamEvents).where(eq(spamEvents.userId, u.id));
      expect(events.map((e) => `${e.kind}:${e.rule}`)).toEqual(expect.arrayContaining(["held:link_burst", "silenced:link_burst"]));
    } finally {
      await config({ linkBurstLimit: 10 });
    }
  });
});
