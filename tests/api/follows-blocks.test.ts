// following members (OpenIsle's /api/subscriptions/users/{username}, followers/following and the
// profile's counts), FOLLOWED_POST / USER_FOLLOWED notifications, blocks and the message policy.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, rawRows } from "@/db";
import { apiTokens, mailOutbox, notificationPrefs, notifications, userBlocks, userFollows, users } from "@/db/schema";
import { processReplyMail } from "@/lib/jobs/mail-drain";
import { POST as follow, DELETE as unfollow } from "@/app/api/subscriptions/users/[username]/route";
import { GET as followersOf } from "@/app/api/users/[idOrUsername]/followers/route";
import { GET as followingOf } from "@/app/api/users/[idOrUsername]/following/route";
import { GET as profileOf } from "@/app/api/users/[idOrUsername]/route";
import { GET as relationOf } from "@/app/api/users/[idOrUsername]/relation/route";
import { POST as block, DELETE as unblock } from "@/app/api/users/[idOrUsername]/block/route";
import { GET as myBlocks } from "@/app/api/users/me/blocks/route";
import { GET as getPrivacy, PUT as putPrivacy } from "@/app/api/users/me/privacy/route";
import { GET as followingPosts } from "@/app/api/posts/following/route";
import { POST as createPost } from "@/app/api/posts/route";
import { GET as listNotifications } from "@/app/api/notifications/route";
import { POST as createComment } from "@/app/api/posts/[id]/comments/route";
import { POST as react } from "@/app/api/posts/[id]/reactions/route";
import { follows, isBlocked, mayMessage } from "@/lib/services/shared/relations";
import { BASE, call, makeCategory, makeUser, sessionCookie, type TestUser } from "../helpers";
import { elapse } from "../time";
import { makePost, notificationsOf } from "./comments-fixtures";

const followAs = (who: TestUser | null, name: string, headers?: Record<string, string>) =>
  call(follow, `/api/subscriptions/users/${name}`, { method: "POST", token: who?.token, params: { username: name }, headers });
const unfollowAs = (who: TestUser | null, name: string) =>
  call(unfollow, `/api/subscriptions/users/${name}`, { method: "DELETE", token: who?.token, params: { username: name } });
const list = (h: typeof followersOf, kind: string, name: string, query = "", who?: TestUser) =>
  call(h, `/api/users/${name}/${kind}${query}`, { params: { idOrUsername: name }, token: who?.token });
const profile = (name: string, who?: TestUser) =>
  call(profileOf, `/api/users/${name}`, { params: { idOrUsername: name }, token: who?.token });
const blockAs = (who: TestUser | null, name: string, method: "POST" | "DELETE" = "POST") =>
  call(method === "POST" ? block : unblock, `/api/users/${name}/block`, { method, token: who?.token, params: { idOrUsername: name } });

let categoryId: number | undefined;
async function publish(author: TestUser, title: string, content = "Hello followers", extra: Record<string, unknown> = {}) {
  categoryId ??= (await makeCategory()).id;
  const r = await call(createPost, "/api/posts", {
    token: author.token,
    body: { title, content, categoryId, tagIds: [], ...extra },
  });
  expect(r.status, r.text).toBe(201);
  return r.body.id as number;
}

describe("POST/DELETE /api/subscriptions/users/{username}", () => {
  it("follows and unfollows idempotently, by username or id, with the rows and counts to match", async () => {
    const ann = await makeUser();
    const bob = await makeUser();
    for (let i = 0; i < 2; i++) {
      const r = await followAs(bob, ann.username);
      expect(r.status, r.text).toBe(200);
      expect(r.body).toEqual({ subscribed: true, followers: 1 });
    }
    expect(await db.select().from(userFollows).where(eq(userFollows.followeeId, ann.id))).toHaveLength(1);
    expect((await followAs(bob, String(ann.id))).body).toEqual({ subscribed: true, followers: 1 });
    expect(await follows(bob.id, ann.id)).toBe(true);
    expect(await follows(ann.id, bob.id)).toBe(false);

    const seen = await profile(ann.username, bob);
    expect(seen.body).toMatchObject({ followers: 1, following: 0, subscribed: true });
    expect((await profile(ann.username)).body).toMatchObject({ followers: 1, following: 0, subscribed: false });
    expect((await profile(bob.username, bob)).body).toMatchObject({ followers: 0, following: 1, subscribed: false });

    for (let i = 0; i < 2; i++) {
      const r = await unfollowAs(bob, ann.username);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ subscribed: false, followers: 0 });
    }
    expect(await follows(bob.id, ann.id)).toBe(false);
    expect((await profile(ann.username, bob)).body).toMatchObject({ followers: 0, subscribed: false });
  });

  it("400 on oneself, 404 on an unknown member, 401 anonymous, 403 for a read-only token; a session cookie works", async () => {
    const ann = await makeUser();
    const self = await followAs(ann, ann.username);
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ code: "validation_failed", field: "username" });
    expect((await followAs(ann, "nobody-by-this-name")).status).toBe(404);
    expect((await unfollowAs(ann, "nobody-by-this-name")).status).toBe(404);
    const anon = await followAs(null, ann.username);
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe("unauthorized");
    expect((await unfollowAs(null, ann.username)).status).toBe(401);
    const reader = await makeUser({ scopes: ["read"] });
    expect((await followAs(reader, ann.username)).status).toBe(403);
    expect(await follows(reader.id, ann.id)).toBe(false);

    const bob = await makeUser();
    const { cookie } = await sessionCookie(bob.id);
    const viaCookie = await followAs(null, ann.username, { cookie, origin: BASE });
    expect(viaCookie.status, viaCookie.text).toBe(200);
    expect(await follows(bob.id, ann.id)).toBe(true);
  });

  it("tells the member once per change of heart: USER_FOLLOWED, then USER_UNFOLLOWED replacing it while unread", async () => {
    const ann = await makeUser();
    const bob = await makeUser();
    await followAs(bob, ann.username);
    await followAs(bob, ann.username);
    let n = await notificationsOf(ann.id);
    expect(n.map((x) => [x.type, x.fromUserId])).toEqual([["USER_FOLLOWED", bob.id]]);
    await unfollowAs(bob, ann.username);
    await followAs(bob, ann.username);
    n = await notificationsOf(ann.id);
    expect(n.map((x) => [x.type, x.fromUserId])).toEqual([["USER_FOLLOWED", bob.id]]);
    // Once read, a later change is news again.
    await db.update(notifications).set({ read: true }).where(eq(notifications.userId, ann.id));
    await unfollowAs(bob, ann.username);
    n = await notificationsOf(ann.id);
    expect(n.map((x) => [x.type, x.read])).toEqual([
      ["USER_FOLLOWED", true],
      ["USER_UNFOLLOWED", false],
    ]);
    expect(await notificationsOf(bob.id)).toEqual([]);
  });
});

describe("GET /api/users/{identifier}/followers and /following", () => {
  it("lists members in OpenIsle's UserDto shape, newest follow first, paged, public", async () => {
    const star = await makeUser();
    const fans = [await makeUser(), await makeUser(), await makeUser()];
    for (const f of fans) {
      expect((await followAs(f, star.username)).status).toBe(200);
      await elapse(5, "newest follow first: each follow needs a later created_at");
    }
    await followAs(star, fans[0]!.username);

    const all = await list(followersOf, "followers", star.username);
    expect(all.status).toBe(200);
    expect(all.body.map((u: { id: number }) => u.id)).toEqual([fans[2]!.id, fans[1]!.id, fans[0]!.id]);
    const first = all.body[2];
    for (const key of ["id", "username", "avatar", "role", "introduction", "createdAt", "experience", "point", "currentLevel"])
      expect(first).toHaveProperty(key);
    expect(first).toMatchObject({ followers: 1, following: 1, subscribed: false, totalViews: 0, likesReceived: 0 });
    expect(first).not.toHaveProperty("email");
    expect(first.avatar).toMatch(/^http:\/\/localhost:3000\//);

    // `subscribed` is the caller's: the star follows fans[0].
    const asStar = await list(followersOf, "followers", String(star.id), "", star);
    expect(asStar.body.find((u: { id: number }) => u.id === fans[0]!.id).subscribed).toBe(true);

    const paged = await list(followersOf, "followers", star.username, "?page=1&pageSize=2");
    expect(paged.body.map((u: { id: number }) => u.id)).toEqual([fans[0]!.id]);
    const following = await list(followingOf, "following", fans[1]!.username);
    expect(following.body.map((u: { id: number }) => u.id)).toEqual([star.id]);
    expect((await list(followingOf, "following", fans[2]!.username, "?pageSize=0")).status).toBe(400);
    expect((await list(followersOf, "followers", "nobody-by-this-name")).status).toBe(404);
    expect((await list(followingOf, "following", star.username)).body.map((u: { id: number }) => u.id)).toEqual([fans[0]!.id]);
  });
});

describe("new posts of the members one follows", () => {
  it("FOLLOWED_POST to each follower once, not for ONLY_ME posts, not twice for a mention; listed in GET /api/posts/following", async () => {
    const author = await makeUser();
    const fan = await makeUser();
    const named = await makeUser();
    const stranger = await makeUser();
    await followAs(fan, author.username);
    await followAs(named, author.username);

    const postId = await publish(author, "Fresh from the author", `Hello @${named.username}`);
    const fanNotes = (await notificationsOf(fan.id)).filter((n) => n.postId === postId);
    expect(fanNotes.map((n) => [n.type, n.fromUserId])).toEqual([["FOLLOWED_POST", author.id]]);
    // The mentioned follower hears of it once, as a mention.
    expect((await notificationsOf(named.id)).filter((n) => n.postId === postId).map((n) => n.type)).toEqual(["MENTION"]);
    expect((await notificationsOf(stranger.id)).filter((n) => n.postId === postId)).toEqual([]);

    const hidden = await publish(author, "Only mine", "private", { visibleScope: "ONLY_ME" });
    expect((await notificationsOf(fan.id)).filter((n) => n.postId === hidden)).toEqual([]);

    const feed = await call(followingPosts, "/api/posts/following", { token: fan.token });
    expect(feed.status).toBe(200);
    expect(feed.body.map((p: { id: number }) => p.id)).toEqual([postId]);
    expect(feed.body[0]).toMatchObject({ title: "Fresh from the author", author: { id: author.id } });
    expect((await call(followingPosts, "/api/posts/following", { token: stranger.token })).body).toEqual([]);
    expect((await call(followingPosts, "/api/posts/following")).status).toBe(401);

    // Newest first, paged.
    const second = await publish(author, "Second post");
    const page0 = await call(followingPosts, "/api/posts/following?pageSize=1", { token: fan.token });
    expect(page0.body.map((p: { id: number }) => p.id)).toEqual([second]);
    const page1 = await call(followingPosts, "/api/posts/following?pageSize=1&page=1", { token: fan.token });
    expect(page1.body.map((p: { id: number }) => p.id)).toEqual([postId]);
  });

  it("FOLLOWED_POST is mailed to a follower who is away, as a watched post is; not when they turned the type off", async () => {
    const author = await makeUser();
    const fan = await makeUser();
    const quiet = await makeUser();
    await followAs(fan, author.username);
    await followAs(quiet, author.username);
    await db.insert(notificationPrefs).values({ userId: quiet.id, type: "FOLLOWED_POST", enabled: false });
    // Both followers have been away (the away rule of reply mail).
    await db
      .update(apiTokens)
      .set({ lastUsedAt: sql`now() - interval '2 hours'` })
      .where(sql`${apiTokens.userId} in (${fan.id}, ${quiet.id})`);
    const postId = await publish(author, "Mail check");
    const [note] = (await notificationsOf(fan.id)).filter((n) => n.postId === postId);
    expect(note?.type).toBe("FOLLOWED_POST");
    const queued = await rawRows(db, sql`select 1 from notification_mail_queue where notification_id = ${note!.id}`);
    expect(queued).toHaveLength(1);
    await processReplyMail();
    const mails = await db
      .select({ kind: mailOutbox.kind, userId: mailOutbox.userId, postId: mailOutbox.postId })
      .from(mailOutbox)
      .where(sql`${mailOutbox.userId} in (${fan.id}, ${quiet.id})`);
    expect(mails).toEqual([{ kind: "followed", userId: fan.id, postId }]);
    // The follower who turned the type off neither sees it nor is mailed.
    const listed = async (u: TestUser) =>
      (await call(listNotifications, "/api/notifications", { token: u.token })).body as { id: number; post?: { id: number } }[];
    expect((await listed(fan)).map((n) => n.id)).toContain(note!.id);
    expect((await listed(quiet)).some((n) => n.post?.id === postId)).toBe(false);
  });
});

describe("blocks", () => {
  it("POST/DELETE /api/users/{identifier}/block: idempotent, listed in settings, ends follows both ways and refuses new ones", async () => {
    const ann = await makeUser();
    const troll = await makeUser();
    await followAs(troll, ann.username);
    await followAs(ann, troll.username);
    for (let i = 0; i < 2; i++) {
      const r = await blockAs(ann, troll.username);
      expect(r.status, r.text).toBe(200);
      expect(r.body).toEqual({ blocked: true });
    }
    expect(await db.select().from(userBlocks).where(eq(userBlocks.blockerId, ann.id))).toHaveLength(1);
    expect(await isBlocked(ann.id, troll.id)).toBe(true);
    expect(await isBlocked(troll.id, ann.id)).toBe(true);
    expect(await follows(troll.id, ann.id)).toBe(false);
    expect(await follows(ann.id, troll.id)).toBe(false);

    const refused = await followAs(troll, ann.username);
    expect(refused.status).toBe(403);
    expect(await follows(troll.id, ann.id)).toBe(false);
    expect((await followAs(ann, troll.username)).status).toBe(403);

    const listed = await call(myBlocks, "/api/users/me/blocks", { token: ann.token });
    expect(listed.status).toBe(200);
    expect(listed.body.map((b: { user: { id: number } }) => b.user.id)).toEqual([troll.id]);
    expect(listed.body[0].blockedAt).toMatch(/Z$/);
    expect((await call(myBlocks, "/api/users/me/blocks")).status).toBe(401);

    const rel = await call(relationOf, `/api/users/${troll.username}/relation`, {
      token: ann.token,
      params: { idOrUsername: troll.username },
    });
    expect(rel.body).toMatchObject({ userId: troll.id, signedIn: true, self: false, blocked: true, following: false, mayMessage: false });

    expect((await blockAs(ann, ann.username)).status).toBe(400);
    expect((await blockAs(ann, "nobody-by-this-name")).status).toBe(404);
    expect((await blockAs(null, troll.username)).status).toBe(401);

    for (let i = 0; i < 2; i++) expect((await blockAs(ann, troll.username, "DELETE")).body).toEqual({ blocked: false });
    expect(await isBlocked(ann.id, troll.id)).toBe(false);
    expect((await followAs(troll, ann.username)).status).toBe(200);
  });

  it("a blocked member's mentions, replies, reactions, follows and new posts no longer reach the blocker", async () => {
    const ann = await makeUser();
    const troll = await makeUser();
    const friend = await makeUser();
    await followAs(ann, troll.username);
    const annPost = await makePost(ann.id);
    await blockAs(ann, troll.username);
    const before = (await notificationsOf(ann.id)).length;

    const mention = await publish(troll, "Hey", `Look @${ann.username}`);
    const reply = await call(createComment, `/api/posts/${annPost.id}/comments`, {
      token: troll.token,
      body: { content: `@${ann.username} a reply` },
      params: { id: String(annPost.id) },
    });
    expect(reply.status, reply.text).toBe(201);
    const reaction = await call(react, `/api/posts/${annPost.id}/reactions`, {
      token: troll.token,
      body: { type: "LIKE" },
      params: { id: String(annPost.id) },
    });
    expect(reaction.status, reaction.text).toBeLessThan(300);
    expect((await notificationsOf(ann.id)).slice(before)).toEqual([]);
    expect((await notificationsOf(ann.id)).some((n) => n.postId === mention)).toBe(false);

    // Others still reach her.
    await call(createComment, `/api/posts/${annPost.id}/comments`, {
      token: friend.token,
      body: { content: "a friendly reply" },
      params: { id: String(annPost.id) },
    });
    expect((await notificationsOf(ann.id)).slice(before).map((n) => [n.type, n.fromUserId])).toEqual([["COMMENT_REPLY", friend.id]]);
    // And the blocked member's posts are not in her Following tab (the follow ended anyway).
    expect((await call(followingPosts, "/api/posts/following", { token: ann.token })).body).toEqual([]);
  });
});

describe("GET/PUT /api/users/me/privacy (who may message me)", () => {
  it("saves the message policy, checked by mayMessage with follows and blocks", async () => {
    const ann = await makeUser();
    const bob = await makeUser();
    const read = await call(getPrivacy, "/api/users/me/privacy", { token: ann.token });
    expect(read.body).toEqual({ messagePolicy: "EVERYONE" });
    expect(await mayMessage(bob.id, ann.id)).toBe(true);

    const put = (body: unknown, who: TestUser | null = ann) =>
      call(putPrivacy, "/api/users/me/privacy", { method: "PUT", token: who?.token, body });
    expect((await put({ messagePolicy: "FOLLOWING" })).body).toEqual({ messagePolicy: "FOLLOWING" });
    const [row] = await db.select({ p: users.messagePolicy }).from(users).where(eq(users.id, ann.id));
    expect(row!.p).toBe("FOLLOWING");
    expect(await mayMessage(bob.id, ann.id)).toBe(false);
    await followAs(ann, bob.username);
    expect(await mayMessage(bob.id, ann.id)).toBe(true);
    const rel = await call(relationOf, `/api/users/${ann.username}/relation`, { token: bob.token, params: { idOrUsername: ann.username } });
    expect(rel.body).toMatchObject({ followedBy: true, mayMessage: true });

    expect((await put({ messagePolicy: "NOBODY" })).status).toBe(200);
    expect(await mayMessage(bob.id, ann.id)).toBe(false);

    const bad = await put({ messagePolicy: "FRIENDS" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "validation_failed", field: "messagePolicy" });
    expect((await put({ messagePolicy: "EVERYONE" }, null)).status).toBe(401);
    expect((await call(getPrivacy, "/api/users/me/privacy")).status).toBe(401);

    await put({ messagePolicy: "EVERYONE" });
    await blockAs(ann, bob.username);
    expect(await mayMessage(bob.id, ann.id)).toBe(false);
    expect(await mayMessage(ann.id, bob.id)).toBe(false);
  });

  it("GET /api/users/{identifier}/relation: anonymous and oneself", async () => {
    const ann = await makeUser();
    const anon = await call(relationOf, `/api/users/${ann.username}/relation`, { params: { idOrUsername: ann.username } });
    expect(anon.status).toBe(200);
    expect(anon.body).toMatchObject({ signedIn: false, self: false, following: false });
    const self = await call(relationOf, `/api/users/${ann.id}/relation`, { token: ann.token, params: { idOrUsername: String(ann.id) } });
    expect(self.body).toMatchObject({ signedIn: true, self: true });
    expect(
      (await call(relationOf, `/api/users/nobody-by-this-name/relation`, { params: { idOrUsername: "nobody-by-this-name" } })).status,
    ).toBe(404);
    expect(
      await db
        .select()
        .from(userFollows)
        .where(and(eq(userFollows.followerId, ann.id))),
    ).toEqual([]);
  });
});
