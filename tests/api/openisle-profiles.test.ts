// OpenIsle's profile statistics and sub-lists, medals, and the header's calls
// (online count and heartbeat, config, activities, drafts, daily active users), with our visibility rules.
import { beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { db, dbStats, rawRows } from "@/db";
import { comments, postReads, posts, postSubscriptions, reactions, tags, users, userVisitDays, type VisibleScope } from "@/db/schema";
import { GET as profile } from "@/app/api/users/[idOrUsername]/route";
import { GET as hotPosts } from "@/app/api/users/[idOrUsername]/hot-posts/route";
import { GET as hotReplies } from "@/app/api/users/[idOrUsername]/hot-replies/route";
import { GET as hotTags } from "@/app/api/users/[idOrUsername]/hot-tags/route";
import { GET as userTags } from "@/app/api/users/[idOrUsername]/tags/route";
import { GET as subscribedPosts } from "@/app/api/users/[idOrUsername]/subscribed-posts/route";
import { GET as readPosts } from "@/app/api/users/[idOrUsername]/read-posts/route";
import { GET as admins } from "@/app/api/users/admins/route";
import { GET as medals } from "@/app/api/medals/route";
import { GET as onlineCount } from "@/app/api/online/count/route";
import { POST as heartbeat } from "@/app/api/online/heartbeat/route";
import { GET as config } from "@/app/api/config/route";
import { GET as activities } from "@/app/api/activities/route";
import { POST as saveDraft } from "@/app/api/drafts/route";
import { DELETE as deleteDraft, GET as getDraft } from "@/app/api/drafts/me/route";
import { GET as dauRange } from "@/app/api/stats/dau-range/route";
import { GET as postsRange } from "@/app/api/stats/posts-range/route";
import { GET as dau } from "@/app/api/stats/dau/route";
import { PUT as adminConfig } from "@/app/api/admin/config/route";
import {
  commentInfoSchema,
  medalSchema,
  postMetaSchema,
  postReadEntrySchema,
  profileDetailSchema,
  userDetailSchema,
} from "@/lib/validation/openisle/profiles";
import { draftSchema, publicConfigSchema, statsPointSchema } from "@/lib/validation/openisle/site";
import { tagSchema } from "@/lib/validation/responses";
import { call, type Handler, makeCategory, makeTag, makeUser, sessionCookie, type TestUser } from "../helpers";

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
const at = (handler: Handler, path: string, key: string, token?: string) => call(handler, path, { params: { idOrUsername: key }, token });

async function seedPost(
  author: TestUser,
  categoryId: number,
  title: string,
  createdAt: Date,
  scope: VisibleScope = "ALL",
  extra: Partial<typeof posts.$inferInsert> = {},
) {
  const [p] = await db
    .insert(posts)
    .values({
      title,
      content: `body of ${title} `.repeat(30),
      authorId: author.id,
      categoryId,
      createdAt,
      lastReplyAt: createdAt,
      visibleScope: scope,
      ...extra,
    })
    .returning({ id: posts.id });
  return p!.id;
}
const likes = (target: { postId: number; commentId?: number }, from: TestUser[]) =>
  db
    .insert(reactions)
    .values(from.map((u) => ({ postId: target.postId, commentId: target.commentId ?? null, userId: u.id, type: "LIKE" as const })));

describe("profiles (item 9)", () => {
  let author: TestUser, reader: TestUser, fan: TestUser, fan2: TestUser, mod: TestUser;
  let cat: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    [author, reader, fan, fan2] = [await makeUser(), await makeUser(), await makeUser(), await makeUser()];
    mod = await makeUser({ role: "MODERATOR" });
    cat = (await makeCategory()).id;
    ids.open = await seedPost(author, cat, "open post", minutesAgo(60), "ALL", { views: 7 });
    ids.members = await seedPost(author, cat, "members post", minutesAgo(50), "ONLY_REGISTER", { views: 5 });
    ids.mine = await seedPost(author, cat, "private post", minutesAgo(40), "ONLY_ME", { views: 100 });
    ids.pending = await seedPost(author, cat, "pending post", minutesAgo(30), "ALL", { status: "PENDING", views: 1000 });
    ids.other = await seedPost(fan, cat, "fan post", minutesAgo(70));
    const t1 = await makeTag();
    await db
      .update(tags)
      .set({ creatorId: author.id, createdAt: minutesAgo(90) })
      .where(eq(tags.id, t1.id));
    const [c1, c2, hidden, onPrivate, parentHidden] = await db
      .insert(comments)
      .values([
        { postId: ids.other!, authorId: author.id, content: "author on fan's post", createdAt: minutesAgo(65) },
        { postId: ids.open!, authorId: author.id, content: "author on own post", createdAt: minutesAgo(55) },
        { postId: ids.open!, authorId: author.id, content: "hidden by flags", createdAt: minutesAgo(20), hiddenAt: minutesAgo(19) },
        { postId: ids.mine!, authorId: author.id, content: "note to self", createdAt: minutesAgo(10) },
        { postId: ids.open!, authorId: fan.id, content: "fan's hidden comment", createdAt: minutesAgo(58), hiddenAt: minutesAgo(57) },
      ])
      .returning();
    ids.c1 = c1!.id;
    ids.c2 = c2!.id;
    ids.hidden = hidden!.id;
    ids.onPrivate = onPrivate!.id;
    // The author answers the fan's hidden comment: others see the reply, not what it answers.
    const [reply] = await db
      .insert(comments)
      .values({
        postId: ids.open!,
        authorId: author.id,
        parentId: parentHidden!.id,
        content: "reply to a hidden one",
        createdAt: minutesAgo(56),
      })
      .returning();
    ids.reply = reply!.id;
    // LIKEs received: open 2, members 1, private 1 (ONLY_ME), comments c1 1, hidden 2, reply 3; a SMILE does not count.
    await likes({ postId: ids.open! }, [fan, fan2]);
    await likes({ postId: ids.members! }, [fan]);
    await likes({ postId: ids.mine! }, [fan]);
    await likes({ postId: ids.other!, commentId: ids.c1! }, [fan]);
    await likes({ postId: ids.open!, commentId: ids.hidden! }, [fan, fan2]);
    await likes({ postId: ids.open!, commentId: ids.reply! }, [fan, fan2, reader]);
    await db.insert(reactions).values({ postId: ids.open!, userId: reader.id, type: "SMILE" });
    // LIKEs sent by the author: the fan's post, and the fan's hidden comment.
    await likes({ postId: ids.other! }, [author]);
    await likes({ postId: ids.open!, commentId: parentHidden!.id }, [author]);
    // Reads: the author read the fan's post and their own private one.
    await db.insert(postReads).values([
      { userId: author.id, postId: ids.other!, lastReadAt: minutesAgo(5) },
      { userId: author.id, postId: ids.mine!, lastReadAt: minutesAgo(4) },
    ]);
    await db.insert(postSubscriptions).values([
      { userId: author.id, postId: ids.other!, createdAt: minutesAgo(3) },
      { userId: author.id, postId: ids.mine!, createdAt: minutesAgo(2) },
    ]);
    await db.insert(userVisitDays).values([
      { userId: author.id, day: "2026-01-02", lastSeenAt: new Date("2026-01-02T10:00:00Z") },
      { userId: author.id, day: "2026-01-05", lastSeenAt: new Date("2026-01-05T10:00:00Z") },
    ]);
  });

  it("GET /api/users/{id}: OpenIsle's statistics beside our profile, counted over what the caller may see", async () => {
    const anon = await at(profile, `/api/users/${author.username}`, author.username);
    expect(anon.status).toBe(200);
    expect(profileDetailSchema.safeParse(anon.body).success, JSON.stringify(anon.body)).toBe(true);
    // Anonymous: only the open post; the comments c1 and c2 and the reply (the hidden one is not theirs to read).
    expect(anon.body).toMatchObject({
      postCount: 1,
      totalViews: 7,
      lastPostTime: expect.any(String),
      visitedDays: 2,
      readPosts: 1,
      likesSent: 1,
      likesReceived: 2 + 1 + 3,
    });
    expect(new Date(anon.body.lastPostTime).getTime()).toBeLessThan(minutesAgo(59).getTime());
    expect(new Date(anon.body.lastCommentTime).getTime()).toBeLessThan(minutesAgo(54).getTime());
    expect(anon.body).not.toHaveProperty("email");
    // Follows: counted for everyone; `subscribed` is the caller's own.
    expect(anon.body).toMatchObject({ followers: 0, following: 0, subscribed: false });

    // A member also sees the members' post; the author their private post and hidden comment.
    const member = await at(profile, `/api/users/${author.id}`, String(author.id), reader.token);
    expect(member.body).toMatchObject({ totalViews: 12, likesReceived: 2 + 1 + 1 + 3, readPosts: 1, likesSent: 1 });
    const self = await at(profile, `/api/users/${author.id}`, String(author.id), author.token);
    expect(self.body).toMatchObject({ totalViews: 112, likesReceived: 2 + 1 + 1 + 1 + 2 + 3, readPosts: 2, likesSent: 1 });
    expect(new Date(self.body.lastCommentTime).getTime()).toBeGreaterThan(minutesAgo(11).getTime());
    // Staff read hidden comments (the fan's, which the author LIKEd); the pending post is still not a published one.
    const staff = await at(profile, `/api/users/${author.id}`, String(author.id), mod.token);
    expect(staff.body).toMatchObject({ totalViews: 112, likesSent: 2, likesReceived: 2 + 1 + 1 + 1 + 2 + 3 });
    expect((await at(profile, "/api/users/nobody-here", "nobody-here")).status).toBe(404);
  });

  it("the statistics are one query whatever the member has", async () => {
    const heavy = await makeUser();
    const measure = async () => {
      const before = dbStats.queries;
      expect((await at(profile, `/api/users/${heavy.id}`, String(heavy.id), reader.token)).status).toBe(200);
      return dbStats.queries - before;
    };
    await measure();
    const small = await measure();
    for (let i = 0; i < 15; i++) {
      const id = await seedPost(heavy, cat, `heavy ${i}`, minutesAgo(100 + i));
      await db.insert(comments).values({ postId: id, authorId: heavy.id, content: "c" });
      await likes({ postId: id }, [reader]);
    }
    expect(await measure()).toBe(small);
    expect(small).toBeLessThanOrEqual(6);
  });

  it("hot-posts: the member's posts the caller may see with a LIKE, most LIKEd first, as PostMeta", async () => {
    const anon = await at(hotPosts, `/api/users/${author.username}/hot-posts`, author.username);
    expect(anon.status).toBe(200);
    expect(anon.body.map((p: { id: number }) => p.id)).toEqual([ids.open]);
    expect(postMetaSchema.safeParse(anon.body[0]).success).toBe(true);
    expect(anon.body[0].snippet).toHaveLength(200);
    expect(anon.body[0]).toMatchObject({ views: 7, category: { id: cat }, tags: [] });
    const self = await at(hotPosts, `/api/users/${author.id}/hot-posts?limit=2`, String(author.id), author.token);
    expect(self.body.map((p: { id: number }) => p.id)).toEqual([ids.open, ids.mine]);
    expect((await at(hotPosts, "/api/users/x/hot-posts?limit=0", author.username)).status).toBe(400);
    expect((await at(hotPosts, "/api/users/x/hot-posts?limit=101", author.username)).status).toBe(400);
  });

  it("hot-replies: comments the caller may read, most LIKEd first; what a reply answers is blank where the caller may not read it", async () => {
    const anon = await at(hotReplies, `/api/users/${author.username}/hot-replies`, author.username);
    expect(anon.status).toBe(200);
    expect(anon.body.map((c: { id: number }) => c.id)).toEqual([ids.reply, ids.c1]);
    for (const c of anon.body) expect(commentInfoSchema.safeParse(c).success, JSON.stringify(c)).toBe(true);
    expect(anon.body[0].parentComment).toMatchObject({ author: fan.username, content: "" });
    expect(anon.body[0].post).toMatchObject({ id: ids.open, title: "open post" });
    expect(anon.body[1].parentComment).toBeNull();
    // The author reads their own hidden comment; staff read the fan's.
    const self = await at(hotReplies, `/api/users/${author.id}/hot-replies`, String(author.id), author.token);
    expect(self.body.map((c: { id: number }) => c.id)).toEqual([ids.reply, ids.hidden, ids.c1]);
    expect(self.body[0].parentComment.content).toBe("");
    const staff = await at(hotReplies, `/api/users/${author.id}/hot-replies`, String(author.id), mod.token);
    expect(staff.body[0].parentComment.content).toBe("fan's hidden comment");
  });

  it("tags and hot-tags: the tags the member created", async () => {
    const t2 = await makeTag();
    await db.update(tags).set({ creatorId: author.id }).where(eq(tags.id, t2.id));
    await db.execute(sql`insert into tag_post_counts values (${t2.id}, 3)`);
    const recent = await at(userTags, `/api/users/${author.username}/tags?limit=50`, author.username);
    expect(recent.status).toBe(200);
    expect(recent.body.map((t: { id: number }) => t.id)[0]).toBe(t2.id);
    expect(recent.body).toHaveLength(2);
    for (const t of recent.body) expect(tagSchema.safeParse(t).success).toBe(true);
    const hot = await at(hotTags, `/api/users/${author.username}/hot-tags?limit=1`, author.username);
    expect(hot.body).toEqual([expect.objectContaining({ id: t2.id, count: 3 })]);
  });

  it("subscribed-posts: public as in OpenIsle, only posts the caller may see", async () => {
    const anon = await at(subscribedPosts, `/api/users/${author.username}/subscribed-posts`, author.username);
    expect(anon.status).toBe(200);
    expect(anon.body.map((p: { id: number }) => p.id)).toEqual([ids.other]);
    const self = await at(subscribedPosts, `/api/users/${author.username}/subscribed-posts`, author.username, author.token);
    expect(self.body.map((p: { id: number }) => p.id)).toEqual([ids.mine, ids.other]);
  });

  it("read-posts: the member only (401 anonymous, 403 others), last read first", async () => {
    expect((await at(readPosts, `/api/users/${author.username}/read-posts`, author.username)).status).toBe(401);
    expect((await at(readPosts, `/api/users/${author.username}/read-posts`, author.username, reader.token)).status).toBe(403);
    const self = await at(readPosts, `/api/users/${author.username}/read-posts?limit=50`, author.username, author.token);
    expect(self.status).toBe(200);
    expect(self.body.map((r: { post: { id: number } }) => r.post.id)).toEqual([ids.mine, ids.other]);
    for (const r of self.body) expect(postReadEntrySchema.safeParse(r).success).toBe(true);
  });

  it("admins: the ADMIN members with statistics, no email", async () => {
    const admin = await makeUser({ role: "ADMIN" });
    const r = await call(admins, "/api/users/admins");
    expect(r.status).toBe(200);
    expect(r.body.map((u: { id: number }) => u.id)).toContain(admin.id);
    expect(r.body.map((u: { id: number }) => u.id)).not.toContain(mod.id);
    for (const u of r.body) {
      expect(userDetailSchema.safeParse(u).success, JSON.stringify(u)).toBe(true);
      expect(u).not.toHaveProperty("email");
    }
  });

  it("medals?userId=: every medal in OpenIsle's order, with the member's progress; the shown one selected", async () => {
    const none = await call(medals, "/api/medals");
    expect(none.status).toBe(200);
    expect(none.body.map((m: { type: string }) => m.type)).toEqual(["COMMENT", "POST", "FEATURED", "CONTRIBUTOR", "SEED", "PIONEER"]);
    expect(none.body.every((m: { completed: boolean; selected: boolean }) => !m.completed && !m.selected)).toBe(true);
    for (const m of none.body) expect(medalSchema.safeParse(m).success, JSON.stringify(m)).toBe(true);
    expect(none.body[0].icon).toMatch(/^http:\/\/localhost:3000\/icons\.svg\?v=\w+#message-square$/);

    await db.update(posts).set({ rssExcluded: false, featuredAt: new Date() }).where(eq(posts.id, ids.open!));
    const mine = await call(medals, `/api/medals?userId=${author.id}`);
    const byType = Object.fromEntries(mine.body.map((m: { type: string }) => [m.type, m]));
    expect(byType.COMMENT).toMatchObject({ completed: false, currentCommentCount: 5, targetCommentCount: 100 });
    expect(byType.POST).toMatchObject({ currentPostCount: 4, targetPostCount: 100 });
    expect(byType.FEATURED).toMatchObject({ completed: true, currentFeaturedCount: 1, targetFeaturedCount: 1 });
    expect(byType.PIONEER).toMatchObject({ completed: true, rank: expect.any(Number) });
    expect(byType.SEED.registerDate).toEqual(expect.any(String));
    // Nothing chosen: the first earned in docs/api.md §2's order is the one shown.
    expect(mine.body.filter((m: { selected: boolean }) => m.selected).map((m: { type: string }) => m.type)).toEqual(["FEATURED"]);
    await db.update(users).set({ displayMedal: "PIONEER" }).where(eq(users.id, author.id));
    const chosen = await call(medals, `/api/medals?userId=${author.id}`);
    expect(chosen.body.filter((m: { selected: boolean }) => m.selected).map((m: { type: string }) => m.type)).toEqual(["PIONEER"]);
    expect((await call(medals, "/api/medals?userId=999999")).body.every((m: { completed: boolean }) => !m.completed)).toBe(true);
    expect((await call(medals, "/api/medals?userId=abc")).status).toBe(400);
  });
});

describe("header calls (item 11)", () => {
  it("online: a request signed with a member's token or session counts them; an anonymous heartbeat counts nobody", async () => {
    const base = (await call(onlineCount, "/api/online/count")).body as number;
    expect(typeof base).toBe("number");
    const m = await makeUser();
    // Anonymous heartbeat with a userId: answered, nothing recorded.
    const hb = await call(heartbeat, `/api/online/heartbeat?userId=${m.id}`, { method: "POST" });
    expect(hb.status).toBe(200);
    expect(hb.text).toBe("");
    expect((await call(onlineCount, "/api/online/count")).body).toBe(base);
    // Any call with the member's token (here the count itself) records them, through the token's last_used_at.
    expect((await call(onlineCount, "/api/online/count", { token: m.token })).body).toBe(base + 1);
    // A browser session counts from sign-in on.
    const other = await makeUser();
    await sessionCookie(other.id);
    expect((await call(onlineCount, "/api/online/count")).body).toBe(base + 2);
    // Seen long ago: not online.
    await db
      .update(userVisitDays)
      .set({ lastSeenAt: minutesAgo(6) })
      .where(eq(userVisitDays.userId, other.id));
    expect((await call(onlineCount, "/api/online/count")).body).toBe(base + 1);
    // A heartbeat with credentials brings them back.
    const { cookie } = await sessionCookie(other.id);
    await db
      .update(userVisitDays)
      .set({ lastSeenAt: minutesAgo(6) })
      .where(eq(userVisitDays.userId, other.id));
    const beat = await call(heartbeat, "/api/online/heartbeat", {
      method: "POST",
      headers: { cookie, "sec-fetch-site": "same-origin" },
    });
    expect(beat.status).toBe(200);
    expect((await call(onlineCount, "/api/online/count")).body).toBe(base + 2);
  });

  it("config: OpenIsle's SiteConfigDto; registerMode follows our registration setting", async () => {
    const r = await call(config, "/api/config");
    expect(r.status).toBe(200);
    expect(publicConfigSchema.safeParse(r.body).success).toBe(true);
    expect(r.body).toMatchObject({ captchaEnabled: false, aiFormatLimit: 0, registerMode: "DIRECT", registrationMode: "OPEN" });
    const admin = await makeUser({ role: "ADMIN" });
    expect(
      (await call(adminConfig, "/api/admin/config", { method: "PUT", token: admin.token, body: { registrationMode: "CLOSED" } })).status,
    ).toBe(200);
    expect((await call(config, "/api/config")).body).toMatchObject({ registerMode: "CLOSED", registrationMode: "CLOSED" });
    await call(adminConfig, "/api/admin/config", { method: "PUT", token: admin.token, body: { registrationMode: "OPEN" } });
  });

  it("activities: we run none", async () => {
    const r = await call(activities, "/api/activities");
    expect(r.status).toBe(200);
    expect(r.body).toEqual([]);
  });

  it("drafts: one per member; 204 without; saved whole; unknown tags dropped, unknown category 400; publishing a post deletes it", async () => {
    const m = await makeUser();
    const cat = await makeCategory();
    const [t1, t2] = [await makeTag(), await makeTag()];
    expect((await call(getDraft, "/api/drafts/me")).status).toBe(401);
    const none = await call(getDraft, "/api/drafts/me", { token: m.token });
    expect(none.status).toBe(204);
    expect(none.text).toBe("");
    const body = { title: "half", content: "a draft", categoryId: cat.id, tagIds: [t2.id, 999999, t1.id], postVisibleScopeType: "ALL" };
    const saved = await call(saveDraft, "/api/drafts", { token: m.token, body });
    expect(saved.status).toBe(200);
    expect(draftSchema.safeParse(saved.body).success).toBe(true);
    expect(saved.body).toMatchObject({ title: "half", content: "a draft", categoryId: cat.id, tagIds: [t2.id, t1.id] });
    const again = await call(saveDraft, "/api/drafts", { token: m.token, body: { content: "second" } });
    expect(again.body).toEqual({ id: saved.body.id, title: null, content: "second", categoryId: null, tagIds: [] });
    expect((await call(saveDraft, "/api/drafts", { token: m.token, body: { categoryId: 999999 } })).status).toBe(400);
    expect((await call(getDraft, "/api/drafts/me", { token: m.token })).body.content).toBe("second");
    // Another member's draft is theirs.
    const other = await makeUser();
    expect((await call(getDraft, "/api/drafts/me", { token: other.token })).status).toBe(204);
    const del = await call(deleteDraft, "/api/drafts/me", { method: "DELETE", token: m.token });
    expect(del.status).toBe(200);
    expect((await call(getDraft, "/api/drafts/me", { token: m.token })).status).toBe(204);
    expect((await call(deleteDraft, "/api/drafts/me", { method: "DELETE", token: m.token })).status).toBe(200);
    await call(saveDraft, "/api/drafts", { token: m.token, body: { title: "t" } });
    await seedPost(m, cat.id, "published", new Date());
    expect((await call(getDraft, "/api/drafts/me", { token: m.token })).status).toBe(204);
  });

  it("stats: admins only; every day of the range, oldest first; today's active members from what presence recorded", async () => {
    const member = await makeUser();
    const admin = await makeUser({ role: "ADMIN" });
    expect((await call(dauRange, "/api/stats/dau-range?days=30", { token: member.token })).status).toBe(403);
    expect((await call(dauRange, "/api/stats/dau-range?days=30")).status).toBe(401);
    const r = await call(dauRange, "/api/stats/dau-range?days=30", { token: admin.token });
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(30);
    for (const p of r.body) expect(statsPointSchema.safeParse(p).success).toBe(true);
    const dates = r.body.map((p: { date: string }) => p.date);
    expect([...dates].sort()).toEqual(dates);
    const today = new Date().toISOString().slice(0, 10);
    expect(dates.at(-1)).toBe(today);
    const [row] = await rawRows<{ n: number }>(db, sql`select count(*)::int as n from user_visit_days where day = ${today}::date`);
    const n = row!.n;
    expect(r.body.at(-1).value).toBe(Number(n));
    expect(r.body.at(-1).value).toBeGreaterThanOrEqual(1);
    expect((await call(dau, `/api/stats/dau?date=${today}`, { token: admin.token })).body).toEqual({ dau: Number(n) });
    expect((await call(dauRange, "/api/stats/dau-range?days=0", { token: admin.token })).body).toHaveLength(1);
    expect((await call(dauRange, "/api/stats/dau-range?days=9999", { token: admin.token })).body).toHaveLength(366);
    const p = await call(postsRange, "/api/stats/posts-range?days=7", { token: admin.token });
    expect(p.body).toHaveLength(7);
    expect(p.body.at(-1).value).toBeGreaterThanOrEqual(1);
  });
});
