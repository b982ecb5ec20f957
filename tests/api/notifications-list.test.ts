import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { db, dbStats } from "@/db";
import { comments, notifications, posts, type NotificationType } from "@/db/schema";
import { GET as list } from "@/app/api/notifications/route";
import { GET as unread } from "@/app/api/notifications/unread/route";
import { GET as unreadCount } from "@/app/api/notifications/unread-count/route";
import { notify } from "@/lib/services/shared/notification-writer";
import { notificationSchema } from "@/lib/validation/responses";
import { call, makeCategory, makeUser } from "../helpers";

const listSchema = z.array(notificationSchema);

async function makePost(authorId: number, o: { visibleScope?: "ALL" | "ONLY_ME" | "ONLY_REGISTER"; title?: string } = {}) {
  const cat = await makeCategory();
  const [p] = await db
    .insert(posts)
    .values({ title: o.title ?? "A post", content: "body", authorId, categoryId: cat.id, visibleScope: o.visibleScope ?? "ALL" })
    .returning();
  return p!;
}

async function makeComment(postId: number, authorId: number, parentId: number | null = null) {
  const [c] = await db
    .insert(comments)
    .values({ postId, authorId, parentId, content: `comment by ${authorId}` })
    .returning();
  return c!;
}

describe("GET /api/notifications", () => {
  it("needs a caller (401) and validates paging (400 with field)", async () => {
    expect((await call(list, "/api/notifications")).status).toBe(401);
    expect((await call(unreadCount, "/api/notifications/unread-count")).status).toBe(401);
    const bad = await call(list, "/api/notifications", { headers: { authorization: "Bearer fp_nope" } });
    expect(bad.status).toBe(401);
    const u = await makeUser();
    for (const [q, field] of [
      ["size=0", "size"],
      ["size=101", "size"],
      ["page=-1", "page"],
      ["size=x", "size"],
    ]) {
      const r = await call(list, `/api/notifications?${q}`, { token: u.token });
      expect(r.status, q).toBe(400);
      expect(r.body.field).toBe(field);
    }
  });

  it("embeds a complete post, the comment, its parent and fromUser", async () => {
    const author = await makeUser();
    const replier = await makeUser();
    const post = await makePost(author.id, { title: "Hello" });
    const parent = await makeComment(post.id, author.id);
    const reply = await makeComment(post.id, replier.id, parent.id);
    await notify(db, { userId: author.id, type: "COMMENT_REPLY", fromUserId: replier.id, postId: post.id, commentId: reply.id });

    const r = await call(list, "/api/notifications", { token: author.token });
    expect(r.status).toBe(200);
    const [n] = listSchema.parse(r.body);
    expect(n!.type).toBe("COMMENT_REPLY");
    expect(n!.post).toMatchObject({ id: post.id, title: "Hello", author: { id: author.id, username: author.username } });
    expect(n!.comment).toMatchObject({ id: reply.id, parentId: parent.id, replies: [] });
    expect(n!.parentComment).toMatchObject({ id: parent.id, replies: [] });
    expect(n!.fromUser).toMatchObject({ id: replier.id, username: replier.username, bot: false });
    expect(n!.read).toBe(false);
    expect(n!.reactionType).toBeNull();
    expect(n!.approved).toBeNull();
  });

  it("an ONLY_ME post in a notification is null for a caller who cannot see it (and so are its comments)", async () => {
    const owner = await makeUser();
    const other = await makeUser();
    const secret = await makePost(owner.id, { visibleScope: "ONLY_ME", title: "secret" });
    const c = await makeComment(secret.id, owner.id);
    await notify(db, [
      { userId: other.id, type: "MENTION", fromUserId: owner.id, postId: secret.id, commentId: c.id },
      { userId: owner.id, type: "POST_SUBSCRIBED", fromUserId: other.id, postId: secret.id },
    ]);
    const r = await call(list, "/api/notifications", { token: other.token });
    const [n] = listSchema.parse(r.body);
    expect(n!.post).toBeNull();
    expect(n!.comment).toBeNull();
    expect(r.text).not.toContain("secret");
    expect(n!.fromUser?.id).toBe(owner.id);
    const mine = await call(list, "/api/notifications", { token: owner.token });
    expect(listSchema.parse(mine.body)[0]!.post?.title).toBe("secret");
  });

  it("hides the types the user turned off from list and count, yet records them", async () => {
    const u = await makeUser();
    const actor = await makeUser();
    const types: NotificationType[] = ["POST_VIEWED", "USER_ACTIVITY", "REACTION", "POLL_VOTE"];
    await notify(
      db,
      types.map((type) => ({ userId: u.id, type, fromUserId: actor.id })),
    );
    const r = await call(list, "/api/notifications", { token: u.token });
    expect(
      listSchema
        .parse(r.body)
        .map((n) => n.type)
        .sort(),
    ).toEqual(["POLL_VOTE", "REACTION"]);
    expect((await call(unreadCount, "/api/notifications/unread-count", { token: u.token })).body).toEqual({ count: 2 });
    const stored = await db.select().from(notifications).where(eq(notifications.userId, u.id));
    expect(stored).toHaveLength(4);
  });

  it("is newest first and pages with page/size; /unread lists only unread ones", async () => {
    const u = await makeUser();
    const actor = await makeUser();
    const base = Date.parse("2026-03-01T00:00:00.000Z");
    const rows = await db
      .insert(notifications)
      .values(
        Array.from({ length: 5 }, (_, i) => ({
          userId: u.id,
          type: "REACTION" as const,
          fromUserId: actor.id,
          reactionType: "LIKE" as const,
          createdAt: new Date(base + i * 1000),
          read: i % 2 === 0,
        })),
      )
      .returning();
    const ids = rows.map((r) => r.id);
    const all = await call(list, "/api/notifications", { token: u.token });
    expect(all.body.map((n: { id: number }) => n.id)).toEqual([...ids].reverse());
    const page1 = await call(list, "/api/notifications?page=1&size=2", { token: u.token });
    expect(page1.body.map((n: { id: number }) => n.id)).toEqual([ids[2], ids[1]]);
    expect((await call(list, "/api/notifications?page=5&size=2", { token: u.token })).body).toEqual([]);
    const un = await call(unread, "/api/notifications/unread", { token: u.token });
    expect(listSchema.parse(un.body).map((n) => n.id)).toEqual([ids[3], ids[1]]);
    expect(un.body.every((n: { read: boolean; reactionType: string }) => !n.read && n.reactionType === "LIKE")).toBe(true);
  });

  it("runs a constant number of queries whatever the page size", async () => {
    const u = await makeUser();
    const actor = await makeUser();
    async function seed(n: number) {
      for (let i = 0; i < n; i++) {
        const p = await makePost(actor.id, { visibleScope: i % 3 === 0 ? "ONLY_ME" : "ALL" });
        const parent = await makeComment(p.id, u.id);
        const c = await makeComment(p.id, actor.id, parent.id);
        await notify(db, { userId: u.id, type: "COMMENT_REPLY", fromUserId: actor.id, postId: p.id, commentId: c.id });
      }
    }
    await seed(3);
    await call(list, "/api/notifications?size=1", { token: u.token }); // token's lastUsedAt write happens once
    let before = dbStats.queries;
    const small = await call(list, "/api/notifications?size=3", { token: u.token });
    const smallQueries = dbStats.queries - before;
    expect(small.body).toHaveLength(3);
    await seed(27);
    before = dbStats.queries;
    const big = await call(list, "/api/notifications?size=30", { token: u.token });
    const bigQueries = dbStats.queries - before;
    expect(listSchema.parse(big.body)).toHaveLength(30);
    expect(bigQueries).toBe(smallQueries);
    expect(bigQueries).toBeLessThan(20);
  });
});
