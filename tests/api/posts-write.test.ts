import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { db } from "@/db";
import { categories, notifications, pointHistories, postChangeLogs, posts, RATE_LIMIT_DEFAULTS, users } from "@/db/schema";
import { GET as getConfig, PUT as putConfig } from "@/app/api/admin/config/route";
import { POST as approve } from "@/app/api/admin/posts/[id]/approve/route";
import { POST as reject } from "@/app/api/admin/posts/[id]/reject/route";
import { POST as adminRssInclude } from "@/app/api/admin/posts/[id]/rss-include/route";
import { GET as pending } from "@/app/api/admin/posts/pending/route";
import { GET as changeLogs } from "@/app/api/posts/[id]/change-logs/route";
import { POST as closePost } from "@/app/api/posts/[id]/close/route";
import { POST as feature } from "@/app/api/posts/[id]/feature/route";
import { POST as pin } from "@/app/api/posts/[id]/pin/route";
import { POST as reopen } from "@/app/api/posts/[id]/reopen/route";
import { DELETE as del, GET as detail, PUT as put } from "@/app/api/posts/[id]/route";
import { POST as unfeature } from "@/app/api/posts/[id]/unfeature/route";
import { POST as unpin } from "@/app/api/posts/[id]/unpin/route";
import { GET as list, POST as create } from "@/app/api/posts/route";
import { writeChangeLogs } from "@/lib/services/shared/change-logs";
import { changeLogSchema, errorSchema, postSchema } from "@/lib/validation/responses";
import { call, type Handler, makeCategory, makeTag, makeUser, setRateLimits, type TestUser } from "../helpers";

const logList = z.array(changeLogSchema);

async function notificationsOf(userId: number) {
  return db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.id));
}
async function logsOf(postId: number) {
  return db.select().from(postChangeLogs).where(eq(postChangeLogs.postId, postId)).orderBy(asc(postChangeLogs.id));
}
async function pointsOf(userId: number) {
  const [u] = await db.select({ point: users.point, experience: users.experience }).from(users).where(eq(users.id, userId));
  return u!;
}

let catId: number, cat2Id: number, tagA: number, tagB: number, tagC: number;
let admin: TestUser, mod: TestUser;

beforeAll(async () => {
  catId = (await makeCategory()).id;
  cat2Id = (await makeCategory()).id;
  tagA = (await makeTag()).id;
  tagB = (await makeTag()).id;
  tagC = (await makeTag()).id;
  admin = await makeUser({ role: "ADMIN" });
  mod = await makeUser({ role: "MODERATOR" });
});

const body = (o: Record<string, unknown> = {}) => ({ title: "Hello", content: "World", categoryId: catId, tagIds: [tagA], ...o });

async function newPost(user: TestUser, o: Record<string, unknown> = {}) {
  const r = await call(create, "/api/posts", { token: user.token, body: body(o) });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as z.infer<typeof postSchema>;
}

describe("POST /api/posts", () => {
  it("creates a post with rewards (points for the first 2 a day) and ledger rows", async () => {
    const u = await makeUser();
    const p1 = await newPost(u, { tagIds: [tagA, tagB] });
    postSchema.parse(p1);
    expect(p1).toMatchObject({
      title: "Hello",
      content: "World",
      status: "PUBLISHED",
      type: "NORMAL",
      visibleScope: "ALL",
      reward: 30,
      pointReward: 30,
    });
    expect(p1.author.id).toBe(u.id);
    expect(p1.tags.map((t) => t.id)).toEqual([tagA, tagB]);
    expect(p1.category.id).toBe(catId);
    await newPost(u);
    const p3 = await newPost(u);
    expect(p3.pointReward).toBe(0);
    expect(p3.reward).toBe(0);
    expect(await pointsOf(u.id)).toEqual({ point: 60, experience: 60 });
    const ledger = await db.select().from(pointHistories).where(eq(pointHistories.userId, u.id));
    expect(ledger.map((l) => [l.type, l.amount, l.postId])).toEqual([
      ["POST", 30, p1.id],
      ["POST", 30, expect.any(Number)],
    ]);
  });

  it("requires a signed-in caller with the write scope", async () => {
    expect((await call(create, "/api/posts", { body: body() })).status).toBe(401);
    const reader = await makeUser({ scopes: ["read"] });
    expect((await call(create, "/api/posts", { token: reader.token, body: body() })).status).toBe(403);
  });

  it("rejects invalid input with the field, writing nothing", async () => {
    const u = await makeUser();
    const cases: [Record<string, unknown>, string][] = [
      [{ title: "" }, "title"],
      [{ title: "x".repeat(201) }, "title"],
      [{ content: "" }, "content"],
      [{ content: "x".repeat(100_001) }, "content"],
      [{ categoryId: 999999 }, "categoryId"],
      [{ categoryId: "1" }, "categoryId"],
      [{ tagIds: [tagA, tagB, tagC, 4, 5, 6] }, "tagIds"],
      [{ tagIds: [tagA, 999999] }, "tagIds"],
      [{ type: "POLL" }, "poll"],
      [{ type: "LOTTERY" }, "lottery"],
      [{ visibleScope: "NOBODY" }, "visibleScope"],
    ];
    for (const [o, field] of cases) {
      const r = await call(create, "/api/posts", { token: u.token, body: body(o) });
      expect(r.status, field).toBe(400);
      errorSchema.parse(r.body);
      expect(r.body.field, JSON.stringify(o).slice(0, 80)).toBe(field);
    }
    const mine = await db.select().from(posts).where(eq(posts.authorId, u.id));
    expect(mine).toEqual([]);
    expect(await pointsOf(u.id)).toEqual({ point: 0, experience: 0 });
  });

  it("creates a poll post with its poll", async () => {
    const u = await makeUser();
    const endTime = new Date(Date.now() + 86_400_000).toISOString();
    const p = await newPost(u, { type: "POLL", poll: { options: ["a", "b"], multiple: false, endTime } });
    expect(p.type).toBe("POLL");
    expect(p.poll).toMatchObject({ options: ["a", "b"], votes: { a: 0, b: 0 }, multiple: false });
  });

  it("notifies mentioned users (never the author)", async () => {
    const u = await makeUser();
    const friend = await makeUser();
    const p = await newPost(u, { content: `hi @${friend.username} and @[${u.username}]` });
    const got = await notificationsOf(friend.id);
    expect(got.map((n) => [n.type, n.fromUserId, n.postId])).toEqual([["MENTION", u.id, p.id]]);
    expect((await notificationsOf(u.id)).filter((n) => n.type === "MENTION")).toEqual([]);
  });

  it("rate-limits post creation per user (429 with Retry-After)", async () => {
    await setRateLimits({ posts: { limit: 2 } });
    try {
      const u = await makeUser();
      await newPost(u);
      await newPost(u);
      const r = await call(create, "/api/posts", { token: u.token, body: body() });
      expect(r.status).toBe(429);
      expect(r.body.code).toBe("rate_limited");
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      await setRateLimits({ posts: RATE_LIMIT_DEFAULTS.posts });
    }
  });
});

describe("PUT /api/posts/{id} and change logs", () => {
  it("writes one log per changed field in one edit, with the actor and old/new values", async () => {
    const author = await makeUser();
    const p = await newPost(author, { tagIds: [tagA] });
    const r = await call(put, `/api/posts/${p.id}`, {
      method: "PUT",
      token: author.token,
      params: { id: String(p.id) },
      body: { title: "New title", content: "New content", categoryId: cat2Id, tagIds: [tagB, tagC], visibleScope: "ONLY_REGISTER" },
    });
    expect(r.status).toBe(200);
    postSchema.parse(r.body);
    expect(r.body).toMatchObject({ title: "New title", content: "New content", visibleScope: "ONLY_REGISTER" });
    expect(r.body.category.id).toBe(cat2Id);
    expect(r.body.tags.map((t: { id: number }) => t.id)).toEqual([tagB, tagC]);

    const logs = await call(changeLogs, `/api/posts/${p.id}/change-logs`, { token: author.token, params: { id: String(p.id) } });
    expect(logs.status).toBe(200);
    logList.parse(logs.body);
    expect(logs.body.map((l: { type: string }) => l.type)).toEqual(["TITLE", "CONTENT", "CATEGORY", "TAG", "VISIBLE_SCOPE"]);
    const [title, content, category, tag, scope] = logs.body;
    expect(title).toMatchObject({
      username: author.username,
      oldTitle: "Hello",
      newTitle: "New title",
      oldContent: null,
      oldCategory: null,
      oldTags: null,
    });
    expect(content).toMatchObject({ oldContent: "World", newContent: "New content", oldTitle: null });
    expect(category.oldCategory.id).toBe(catId);
    expect(category.newCategory.id).toBe(cat2Id);
    expect(tag.oldTags.map((t: { id: number }) => t.id)).toEqual([tagA]);
    expect(tag.newTags.map((t: { id: number }) => t.id)).toEqual([tagB, tagC]);
    expect(scope).toMatchObject({ oldVisibleScope: "ALL", newVisibleScope: "ONLY_REGISTER", amount: null, oldClosed: null });
  });

  it("writes nothing when nothing changed", async () => {
    const author = await makeUser();
    const p = await newPost(author);
    const r = await call(put, `/api/posts/${p.id}`, {
      method: "PUT",
      token: author.token,
      params: { id: String(p.id) },
      body: { title: "Hello", content: "World", categoryId: catId, tagIds: [tagA], visibleScope: "ALL" },
    });
    expect(r.status).toBe(200);
    expect(await logsOf(p.id)).toEqual([]);
  });

  it("a failed edit writes no log and changes nothing", async () => {
    const author = await makeUser();
    const p = await newPost(author);
    for (const b of [{ title: "Changed", categoryId: 999999 }, { title: "Changed", tagIds: [999999] }, { title: "" }]) {
      const r = await call(put, `/api/posts/${p.id}`, {
        method: "PUT",
        token: author.token,
        params: { id: String(p.id) },
        body: b,
      });
      expect(r.status).toBe(400);
    }
    expect(await logsOf(p.id)).toEqual([]);
    const [row] = await db.select().from(posts).where(eq(posts.id, p.id));
    expect(row!.title).toBe("Hello");
  });

  it("lets the author and moderators edit; others get 403, hidden posts 404", async () => {
    const author = await makeUser();
    const other = await makeUser();
    const p = await newPost(author);
    const edit = (token: string | undefined, id = p.id) =>
      call(put, `/api/posts/${id}`, {
        method: "PUT",
        token,
        params: { id: String(id) },
        body: { title: `by ${token?.slice(0, 6)}` },
      });
    expect((await edit(other.token)).status).toBe(403);
    expect((await edit(undefined)).status).toBe(401);
    const byMod = await edit(mod.token);
    expect(byMod.status).toBe(200);
    const logs = await logsOf(p.id);
    expect(logs.map((l) => [l.type, l.actorId])).toEqual([["TITLE", mod.id]]);
    const hidden = await newPost(author, { visibleScope: "ONLY_ME" });
    expect((await edit(other.token, hidden.id)).status).toBe(404);
    expect((await edit(author.token, 999999)).status).toBe(404);
  });

  it("notifies only users newly mentioned by an edit", async () => {
    const author = await makeUser();
    const a = await makeUser();
    const b = await makeUser();
    const p = await newPost(author, { content: `cc @${a.username}` });
    await call(put, `/api/posts/${p.id}`, {
      method: "PUT",
      token: author.token,
      params: { id: String(p.id) },
      body: { content: `cc @${a.username} @${b.username}` },
    });
    expect((await notificationsOf(a.id)).filter((n) => n.type === "MENTION")).toHaveLength(1);
    expect((await notificationsOf(b.id)).map((n) => [n.type, n.fromUserId])).toEqual([["MENTION", author.id]]);
  });

  it("keeps category snapshots after the category is renamed", async () => {
    const author = await makeUser();
    const oldCat = await makeCategory();
    const p = await newPost(author, { categoryId: oldCat.id });
    await call(put, `/api/posts/${p.id}`, {
      method: "PUT",
      token: author.token,
      params: { id: String(p.id) },
      body: { categoryId: cat2Id },
    });
    await db.update(categories).set({ name: "renamed-later" }).where(eq(categories.id, oldCat.id));
    const logs = await call(changeLogs, `/api/posts/${p.id}/change-logs`, { params: { id: String(p.id) } });
    logList.parse(logs.body);
    expect(logs.body[0].oldCategory).toMatchObject({
      id: oldCat.id,
      name: oldCat.name,
      description: oldCat.description,
      icon: oldCat.icon,
    });
  });

  it("attributes system entries to the `system` user, created on demand", async () => {
    const author = await makeUser();
    const p = await newPost(author);
    await db.transaction((tx) =>
      writeChangeLogs(tx, [
        { postId: p.id, type: "LOTTERY_RESULT" },
        { postId: p.id, type: "DONATE", actorId: author.id, amount: 7 },
      ]),
    );
    const logs = await call(changeLogs, `/api/posts/${p.id}/change-logs`, { params: { id: String(p.id) } });
    logList.parse(logs.body);
    expect(logs.body.map((l: Record<string, unknown>) => [l.type, l.username, l.amount])).toEqual([
      ["LOTTERY_RESULT", "system", null],
      ["DONATE", author.username, 7],
    ]);
    const [sys] = await db.select().from(users).where(eq(users.username, "system"));
    expect(sys!.bot).toBe(true);
  });

  it("change-logs: 400 for a non-integer id, 404 unknown or hidden from the caller", async () => {
    const author = await makeUser();
    const other = await makeUser();
    expect((await call(changeLogs, "/api/posts/abc/change-logs", { params: { id: "abc" } })).status).toBe(400);
    expect((await call(changeLogs, "/api/posts/999999/change-logs", { params: { id: "999999" } })).status).toBe(404);
    const me = await newPost(author, { visibleScope: "ONLY_ME" });
    const reg = await newPost(author, { visibleScope: "ONLY_REGISTER" });
    const get = (id: number, token?: string) => call(changeLogs, `/api/posts/${id}/change-logs`, { token, params: { id: String(id) } });
    expect((await get(me.id)).status).toBe(404);
    expect((await get(me.id, other.token)).status).toBe(404);
    expect((await get(me.id, author.token)).status).toBe(200);
    expect((await get(me.id, mod.token)).status).toBe(200);
    expect((await get(reg.id)).status).toBe(404);
    expect((await get(reg.id, other.token)).status).toBe(200);
  });
});

describe("DELETE /api/posts/{id}", () => {
  it("author deletes silently; a moderator deleting someone's post sends POST_DELETED; ledger rows stay", async () => {
    const author = await makeUser();
    const other = await makeUser();
    const p1 = await newPost(author);
    const p2 = await newPost(author, { title: "Doomed" });
    const d = (id: number, token?: string) => call(del, `/api/posts/${id}`, { method: "DELETE", token, params: { id: String(id) } });
    expect((await d(p1.id, other.token)).status).toBe(403);
    expect((await d(p1.id)).status).toBe(401);
    expect((await d(p1.id, author.token)).status).toBe(204);
    expect((await d(p1.id, author.token)).status).toBe(404);
    expect((await d(p2.id, mod.token)).status).toBe(204);
    expect(await db.select().from(posts).where(eq(posts.authorId, author.id))).toEqual([]);
    const got = await notificationsOf(author.id);
    expect(got.map((n) => [n.type, n.fromUserId, n.postId, n.content])).toEqual([["POST_DELETED", mod.id, null, "Doomed"]]);
    expect((await notificationsOf(mod.id)).filter((n) => n.type === "POST_DELETED")).toEqual([]);
    const ledger = await db.select().from(pointHistories).where(eq(pointHistories.userId, author.id));
    expect(ledger).toHaveLength(2);
    expect((await pointsOf(author.id)).point).toBe(60);
  });
});

describe("close, pin, feature", () => {
  const post = (h: Handler, id: number, token?: string) =>
    call(h, `/api/posts/${id}/x`, { method: "POST", token, params: { id: String(id) } });

  it("close/reopen by the author or a moderator write CLOSED logs", async () => {
    const author = await makeUser();
    const other = await makeUser();
    const p = await newPost(author);
    expect((await post(closePost, p.id, other.token)).status).toBe(403);
    const c = await post(closePost, p.id, author.token);
    expect(c.status).toBe(200);
    postSchema.parse(c.body);
    expect(c.body.closed).toBe(true);
    const r = await post(reopen, p.id, mod.token);
    expect(r.body.closed).toBe(false);
    const logs = await logsOf(p.id);
    expect(logs.map((l) => [l.type, l.oldClosed, l.newClosed, l.actorId])).toEqual([
      ["CLOSED", false, true, author.id],
      ["CLOSED", true, false, mod.id],
    ]);
  });

  it("pin/unpin by moderators only, with PINNED logs", async () => {
    const author = await makeUser();
    const p = await newPost(author);
    expect((await post(pin, p.id, author.token)).status).toBe(403);
    expect((await post(pin, 999999, mod.token)).status).toBe(404);
    const pinned = await post(pin, p.id, mod.token);
    expect(pinned.status).toBe(200);
    expect(pinned.body.pinnedAt).not.toBeNull();
    const top = await call(list, "/api/posts?pageSize=1");
    expect(top.body[0].id).toBe(p.id);
    const un = await post(unpin, p.id, mod.token);
    expect(un.body.pinnedAt).toBeNull();
    const logs = await call(changeLogs, `/api/posts/${p.id}/change-logs`, { params: { id: String(p.id) } });
    logList.parse(logs.body);
    expect(logs.body.map((l: Record<string, unknown>) => [l.type, l.oldPinnedAt, l.newPinnedAt, l.username])).toEqual([
      ["PINNED", null, pinned.body.pinnedAt, mod.username],
      ["PINNED", pinned.body.pinnedAt, null, mod.username],
    ]);
  });

  it("feature awards +500 once, sends POST_FEATURED and FEATURED logs; hidden posts 404", async () => {
    const author = await makeUser();
    const p = await newPost(author);
    expect((await post(feature, p.id, author.token)).status).toBe(403);
    const f = await post(feature, p.id, mod.token);
    expect(f.status).toBe(200);
    expect(f.body).toMatchObject({ rssExcluded: false, featured: true });
    expect((await post(unfeature, p.id, mod.token)).body.rssExcluded).toBe(true);
    expect((await post(adminRssInclude, p.id, mod.token)).body.rssExcluded).toBe(false);
    expect((await pointsOf(author.id)).point).toBe(30 + 500);
    const feats = (await db.select().from(pointHistories).where(eq(pointHistories.userId, author.id))).filter((l) => l.type === "FEATURE");
    expect(feats).toHaveLength(1);
    const notes = (await notificationsOf(author.id)).filter((n) => n.type === "POST_FEATURED");
    expect(notes.map((n) => [n.fromUserId, n.postId])).toEqual([
      [mod.id, p.id],
      [mod.id, p.id],
    ]);
    const logs = await logsOf(p.id);
    expect(logs.map((l) => [l.type, l.oldFeatured, l.newFeatured])).toEqual([
      ["FEATURED", false, true],
      ["FEATURED", true, false],
      ["FEATURED", false, true],
    ]);
    const hidden = await newPost(author, { visibleScope: "ONLY_ME" });
    const other = await makeUser({ role: "USER" });
    expect((await post(feature, hidden.id, other.token)).status).toBe(404);
  });
});

describe("REVIEW publish mode", () => {
  it("holds new posts for review until a moderator approves them", async () => {
    const user = await makeUser();
    expect((await call(getConfig, "/api/admin/config", { token: mod.token })).status).toBe(403);
    expect((await call(putConfig, "/api/admin/config", { method: "PUT", token: admin.token, body: { publishMode: "NOPE" } })).status).toBe(
      400,
    );
    const set = await call(putConfig, "/api/admin/config", { method: "PUT", token: admin.token, body: { publishMode: "REVIEW" } });
    expect(set.body).toMatchObject({ publishMode: "REVIEW" });
    expect((await call(getConfig, "/api/admin/config", { token: admin.token })).body).toMatchObject({ publishMode: "REVIEW" });
    try {
      const cat = (await makeCategory()).id;
      const p = await newPost(user, { categoryId: cat });
      const p2 = await newPost(user, { categoryId: cat });
      expect(p.status).toBe("PENDING");
      expect((await call(list, `/api/posts?categoryId=${cat}`)).body).toEqual([]);
      expect((await call(list, `/api/posts?categoryId=${cat}`, { token: user.token })).body).toEqual([]);
      expect((await call(detail, `/api/posts/${p.id}`, { params: { id: String(p.id) } })).status).toBe(404);
      expect((await call(detail, `/api/posts/${p.id}`, { token: user.token, params: { id: String(p.id) } })).status).toBe(200);

      for (const staff of [admin, mod]) {
        const reqs = (await notificationsOf(staff.id)).filter((n) => n.type === "POST_REVIEW_REQUEST" && n.postId === p.id);
        expect(reqs.map((n) => n.fromUserId)).toEqual([user.id]);
      }
      expect((await call(pending, "/api/admin/posts/pending", { token: user.token })).status).toBe(403);
      const q = await call(pending, "/api/admin/posts/pending", { token: mod.token });
      expect(q.status).toBe(200);
      expect(q.body.map((x: { id: number }) => x.id)).toEqual(expect.arrayContaining([p.id, p2.id]));

      const rv = (h: Handler, id: number, token: string) =>
        call(h, `/api/admin/posts/${id}/x`, { method: "POST", token, params: { id: String(id) } });
      expect((await rv(approve, p.id, user.token)).status).toBe(403);
      const ok = await rv(approve, p.id, mod.token);
      expect(ok.status).toBe(200);
      expect(ok.body.status).toBe("PUBLISHED");
      expect((await rv(approve, p.id, mod.token)).status).toBe(409);
      const no = await rv(reject, p2.id, mod.token);
      expect(no.body.status).toBe("REJECTED");
      expect(ids((await call(list, `/api/posts?categoryId=${cat}`)).body)).toEqual([p.id]);
      const reviewed = (await notificationsOf(user.id)).filter((n) => n.type === "POST_REVIEWED");
      expect(reviewed.map((n) => [n.postId, n.approved, n.fromUserId])).toEqual([
        [p.id, true, mod.id],
        [p2.id, false, mod.id],
      ]);
    } finally {
      await call(putConfig, "/api/admin/config", { method: "PUT", token: admin.token, body: { publishMode: "DIRECT" } });
    }
  });
});

const ids = (b: { id: number }[]) => b.map((x) => x.id);

describe("admin/posts aliases", () => {
  it("work through the same rules", async () => {
    const author = await makeUser();
    const p = await newPost(author);
    const r = await call(adminRssInclude, "/x", { method: "POST", token: author.token, params: { id: String(p.id) } });
    expect(r.status).toBe(403);
    const [row] = await db
      .select()
      .from(posts)
      .where(and(eq(posts.id, p.id)));
    expect(row!.rssExcluded).toBe(true);
  });
});
