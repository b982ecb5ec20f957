import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { db, dbStats } from "@/db";
import { comments, posts, reactions, type VisibleScope } from "@/db/schema";
import { GET as profile } from "@/app/api/users/[idOrUsername]/route";
import { GET as userPosts } from "@/app/api/users/[idOrUsername]/posts/route";
import { GET as userReplies } from "@/app/api/users/[idOrUsername]/replies/route";
import { GET as userActivity } from "@/app/api/users/[idOrUsername]/activity/route";
import { profileSchema } from "@/lib/validation/auth";
import { errorSchema, postSchema } from "@/lib/validation/responses";
import { userActivitySchema, userReplySchema } from "@/lib/validation/users";
import { call, makeCategory, makeUser, type TestUser } from "../helpers";

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

async function seedPost(
  author: TestUser,
  categoryId: number,
  title: string,
  createdAt: Date,
  visibleScope: VisibleScope = "ALL",
  extra: Partial<typeof posts.$inferInsert> = {},
) {
  const [p] = await db
    .insert(posts)
    .values({
      title,
      content: `body of ${title}`,
      authorId: author.id,
      categoryId,
      createdAt,
      lastReplyAt: createdAt,
      visibleScope,
      ...extra,
    })
    .returning({ id: posts.id });
  return p!.id;
}

const get = (handler: typeof profile, path: string, key: string, token?: string) =>
  call(handler, path, { params: { idOrUsername: key }, token });

describe("profiles: GET /api/users/{idOrUsername} and its lists", () => {
  let author: TestUser;
  let reader: TestUser;
  let fan: TestUser;
  let cat: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    author = await makeUser();
    reader = await makeUser();
    fan = await makeUser();
    cat = (await makeCategory()).id;
    ids.open = await seedPost(author, cat, "open post", minutesAgo(50));
    ids.members = await seedPost(author, cat, "members post", minutesAgo(40), "ONLY_REGISTER");
    ids.mine = await seedPost(author, cat, "private post", minutesAgo(30), "ONLY_ME");
    ids.featured = await seedPost(author, cat, "featured post", minutesAgo(20), "ALL", { rssExcluded: false, featuredAt: minutesAgo(19) });
    ids.pending = await seedPost(author, cat, "pending post", minutesAgo(10), "ALL", { status: "PENDING" });
    // The author's comments: on their open post, on the members' post, on the private post, and a deleted one.
    const [fanComment] = await db
      .insert(comments)
      .values({ postId: ids.open!, authorId: fan.id, content: "nice", createdAt: minutesAgo(49) })
      .returning();
    await db.insert(comments).values([
      { postId: ids.open!, authorId: author.id, parentId: fanComment!.id, content: "thanks **fan**", createdAt: minutesAgo(48) },
      { postId: ids.members!, authorId: author.id, content: "members reply", createdAt: minutesAgo(39) },
      { postId: ids.mine!, authorId: author.id, content: "note to self", createdAt: minutesAgo(29) },
      { postId: ids.open!, authorId: author.id, content: "gone", createdAt: minutesAgo(28), deletedAt: minutesAgo(27) },
    ]);
    await db.insert(reactions).values([
      { postId: ids.open!, userId: fan.id, type: "LIKE" },
      { postId: ids.members!, userId: fan.id, type: "SMILE" },
      { postId: ids.mine!, userId: fan.id, type: "LIKE" },
    ]);
    // The author reacts to the fan's comment (activity: a reaction given).
    await db
      .insert(reactions)
      .values({ postId: ids.open!, commentId: fanComment!.id, userId: author.id, type: "LIKE", createdAt: minutesAgo(5) });
  });

  it("answers by username (any case) and by numeric id, 404 for an unknown one", async () => {
    const byName = await get(profile, `/api/users/${author.username.toUpperCase()}`, author.username.toUpperCase());
    expect(byName.status).toBe(200);
    const p = profileSchema.parse(byName.body);
    expect(p.id).toBe(author.id);
    expect(byName.body).not.toHaveProperty("email");
    const byId = await get(profile, `/api/users/${author.id}`, String(author.id));
    expect(byId.status).toBe(200);
    expect(byId.body.username).toBe(author.username);
    const missing = await get(profile, "/api/users/nobody-here", "nobody-here");
    expect(missing.status).toBe(404);
    errorSchema.parse(missing.body);
    expect((await get(profile, "/api/users/999999999", "999999999")).status).toBe(404);
  });

  it("counts only what the caller may see", async () => {
    const anon = profileSchema.parse((await get(profile, "/api/users/x", author.username)).body);
    expect(anon).toMatchObject({ postCount: 2, commentCount: 1, reactionCount: 1, featuredCount: 1 });
    const member = profileSchema.parse((await get(profile, "/api/users/x", author.username, reader.token)).body);
    expect(member).toMatchObject({ postCount: 3, commentCount: 2, reactionCount: 2, featuredCount: 1 });
    const self = profileSchema.parse((await get(profile, "/api/users/x", author.username, author.token)).body);
    expect(self).toMatchObject({ postCount: 4, commentCount: 3, reactionCount: 3 });
  });

  it("lists posts newest first with the visibility of the post lists", async () => {
    const titles = async (token?: string) => {
      const r = await get(userPosts, `/api/users/${author.username}/posts`, author.username, token);
      expect(r.status).toBe(200);
      return z
        .array(postSchema)
        .parse(r.body)
        .map((p) => p.title);
    };
    expect(await titles()).toEqual(["featured post", "open post"]);
    expect(await titles(reader.token)).toEqual(["featured post", "members post", "open post"]);
    // The author also sees their own post waiting for review (pending posts explained in the profile).
    expect(await titles(author.token)).toEqual(["pending post", "featured post", "private post", "members post", "open post"]);

    const page = await get(userPosts, `/api/users/${author.id}/posts?page=1&pageSize=1`, String(author.id), reader.token);
    expect(page.body.map((p: { title: string }) => p.title)).toEqual(["members post"]);
    const bad = await get(userPosts, "/api/users/x/posts?pageSize=500", author.username);
    expect(bad.status).toBe(400);
    expect(errorSchema.parse(bad.body).field).toBe("pageSize");
  });

  it("lists replies with the post they answer, newest first, without deleted or hidden ones", async () => {
    const r = await get(userReplies, "/api/users/x/replies", author.username, reader.token);
    expect(r.status).toBe(200);
    const replies = z.array(userReplySchema).parse(r.body);
    expect(replies.map((c) => c.content)).toEqual(["members reply", "thanks **fan**"]);
    expect(replies[1]).toMatchObject({ post: { id: ids.open, title: "open post" }, replyTo: fan.username, author: { id: author.id } });
    expect(replies[0]!.replyTo).toBeNull();
    const anon = await get(userReplies, "/api/users/x/replies", author.username);
    expect(anon.body.map((c: { content: string }) => c.content)).toEqual(["thanks **fan**"]);
  });

  it("lists activity (posts, replies, reactions given) newest first, paged", async () => {
    const r = await get(userActivity, "/api/users/x/activity", author.username, reader.token);
    expect(r.status).toBe(200);
    const items = z.array(userActivitySchema).parse(r.body);
    expect(items.map((i) => `${i.kind}:${i.post.title}`)).toEqual([
      "reaction:open post",
      "post:featured post",
      "reply:members post",
      "post:members post",
      "reply:open post",
      "post:open post",
    ]);
    expect(items[0]).toMatchObject({ reactionType: "LIKE", excerpt: "nice" });
    expect(items.find((i) => i.kind === "reply" && i.post.title === "open post")!.excerpt).toBe("thanks fan");
    const second = await get(userActivity, "/api/users/x/activity?page=1&pageSize=2", author.username, reader.token);
    expect(second.body.map((i: { kind: string }) => i.kind)).toEqual(["reply", "post"]);
    const anon = z.array(userActivitySchema).parse((await get(userActivity, "/api/users/x/activity", author.username)).body);
    expect(anon.every((i) => i.post.title !== "members post" && i.post.title !== "private post")).toBe(true);
  });

  it("runs a constant number of queries whatever the page size", async () => {
    const heavy = await makeUser();
    for (let i = 0; i < 30; i++) {
      const id = await seedPost(heavy, cat, `p${i}`, minutesAgo(200 + i));
      await db.insert(comments).values({ postId: id, authorId: heavy.id, content: `c${i}` });
      await db.insert(reactions).values({ postId: id, userId: heavy.id, type: "LIKE" });
    }
    const measure = async (handler: typeof profile, path: string, size: number) => {
      const before = dbStats.queries;
      const r = await get(handler, `${path}?pageSize=${size}`, heavy.username, reader.token);
      expect(r.status).toBe(200);
      expect(r.body).toHaveLength(size);
      return dbStats.queries - before;
    };
    for (const [handler, path] of [
      [userPosts, "/posts"],
      [userReplies, "/replies"],
      [userActivity, "/activity"],
    ] as const) {
      await measure(handler, path, 2);
      const small = await measure(handler, path, 2);
      const big = await measure(handler, path, 25);
      expect(big).toBe(small);
      expect(small).toBeLessThanOrEqual(12);
    }
  });
});
