import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { db, dbStats } from "@/db";
import { lotteryParticipants, notifications } from "@/db/schema";
import { POST as postComment } from "@/app/api/posts/[id]/comments/route";
import { POST as vote } from "@/app/api/posts/[id]/poll/vote/route";
import { GET as listNotifications } from "@/app/api/notifications/route";
import { GET as listGroups } from "@/app/api/notifications/groups/route";
import { POST as markGroupRead } from "@/app/api/notifications/groups/read/route";
import { GET as unreadCount } from "@/app/api/notifications/unread-count/route";
import { GET as openapi } from "@/app/api/openapi.json/route";
import { processDueLotteries } from "@/lib/services/posts/lotteries";
import { notify } from "@/lib/services/shared/notification-writer";
import { notificationSchema } from "@/lib/validation/responses";
import { notificationGroupPageSchema, type NotificationGroupDto } from "@/lib/validation/notification-groups";
import { call, makeUser, type TestUser } from "../helpers";
import { endLottery, makeLotteryPost, makePollPost, makePost } from "./economy-helpers";

// the flat list keeps one notification per event (OpenIsle's shape); the grouped
// list groups on the server, so a group's count is every notification in it, not those on one page.
const flat = async (u: TestUser, page: number, size: number) => {
  const r = await call(listNotifications, `/api/notifications?page=${page}&size=${size}`, { token: u.token });
  expect(r.status).toBe(200);
  return z.array(notificationSchema.strict()).parse(r.body);
};
const groups = async (u: TestUser, query = "") => {
  const r = await call(listGroups, `/api/notifications/groups${query}`, { token: u.token });
  expect(r.status, r.text).toBe(200);
  return notificationGroupPageSchema.parse(r.body);
};
const comment = (u: TestUser, postId: number, content: string) =>
  call(postComment, `/api/posts/${postId}/comments`, { token: u.token, params: { id: String(postId) }, body: { content } });
const voteFor = (u: TestUser, postId: number, option: string) =>
  call(vote, `/api/posts/${postId}/poll/vote`, { token: u.token, params: { id: String(postId) }, body: { options: [option] } });
const readGroup = (u: TestUser, g: Pick<NotificationGroupDto, "key" | "latestId">) =>
  call(markGroupRead, "/api/notifications/groups/read", { token: u.token, body: { key: g.key, upTo: g.latestId } });
const unread = async (u: TestUser) => (await call(unreadCount, "/api/notifications/unread-count", { token: u.token })).body.count as number;

describe("GET /api/notifications/groups", () => {
  it("25 replies on one post, spread over 3 pages of the flat list, are one group of 25 with the latest three members", async () => {
    const author = await makeUser();
    const repliers = await Promise.all(Array.from({ length: 25 }, () => makeUser()));
    const post = await makePost(author.id);
    const other = await makePost(author.id);
    for (const [i, u] of repliers.entries()) {
      expect((await comment(u, post.id, `Reply ${i}`)).status).toBe(201);
      if (i % 10 === 4) expect((await comment(u, other.id, `Elsewhere ${i}`)).status).toBe(201);
    }

    // The flat list is unchanged: one notification per event, 28 of them over 3 pages of 10.
    const pages = [await flat(author, 0, 10), await flat(author, 1, 10), await flat(author, 2, 10)];
    expect(pages.map((p) => p.length)).toEqual([10, 10, 8]);
    for (const p of pages) expect(p.some((n) => n.post?.id === post.id)).toBe(true);

    const g = await groups(author);
    expect(g.hasMore).toBe(false);
    // The other post's third reply came last, so its group is first.
    expect(g.items.map((x) => [x.kind, x.latest.post?.id, x.count, x.read])).toEqual([
      ["replies", other.id, 3, false],
      ["replies", post.id, 25, false],
    ]);
    const replies = g.items[1]!;
    expect(replies.key).toBe(`COMMENT_REPLY:${post.id}:u`);
    expect(replies.actorCount).toBe(25);
    expect(replies.actors.map((a) => a.id)).toEqual([repliers[24]!.id, repliers[23]!.id, repliers[22]!.id]);
    expect(replies.latest.fromUser?.id).toBe(repliers[24]!.id);
    expect(replies.latest.excerpt).toBe("Reply 24");
    expect(replies.latestAt).toBe(replies.latest.createdAt);
  });

  it("votes in one poll are one group; one vote elsewhere is a group of one; a lottery's notice is grouped per lottery", async () => {
    const author = await makeUser();
    const voters = await Promise.all([1, 2, 3, 4, 5].map(() => makeUser()));
    const poll = await makePollPost(author.id);
    const lonely = await makePollPost(author.id);
    for (const u of voters) expect((await voteFor(u, poll.id, "red")).status).toBe(200);
    expect((await voteFor(voters[0]!, lonely.id, "blue")).status).toBe(200);

    const lottery = await makeLotteryPost(author.id, { prizeCount: 1, pointCost: 0 });
    await db.insert(lotteryParticipants).values(voters.slice(0, 2).map((u) => ({ postId: lottery.id, userId: u.id })));
    await endLottery(lottery.id);
    await processDueLotteries();

    const g = (await groups(author)).items;
    expect(g.map((x) => [x.kind, x.type, x.latest.post?.id, x.count, x.actorCount])).toEqual([
      ["lottery", "LOTTERY_DRAW", lottery.id, 1, 0],
      ["votes", "POLL_VOTE", lonely.id, 1, 1],
      ["votes", "POLL_VOTE", poll.id, 5, 5],
    ]);
    // The draw's sentence has its word forms right where it is written (no "(s)").
    expect(g[0]!.latest.content).toBe("1 winner of 2 participants");
    expect(g[2]!.actors.map((a) => a.id)).toEqual([voters[4]!.id, voters[3]!.id, voters[2]!.id]);
  });

  it("never includes another member's notifications, and marking reads only the caller's own", async () => {
    const [alice, bob, carol] = await Promise.all([makeUser(), makeUser(), makeUser()]);
    const post = await makePost(alice.id);
    // Bob's notifications about the same post id (as if he followed it) must not join alice's group.
    await notify(db, [
      { userId: alice.id, type: "COMMENT_REPLY", fromUserId: carol.id, postId: post.id },
      { userId: bob.id, type: "COMMENT_REPLY", fromUserId: carol.id, postId: post.id },
      { userId: bob.id, type: "COMMENT_REPLY", fromUserId: alice.id, postId: post.id },
    ]);
    const a = await groups(alice);
    expect(a.items.map((x) => [x.count, x.actorCount])).toEqual([[1, 1]]);
    const b = await groups(bob);
    expect(b.items.map((x) => [x.count, x.actorCount])).toEqual([[2, 2]]);

    // Alice sends bob's group key: nothing of bob's changes.
    const r = await call(markGroupRead, "/api/notifications/groups/read", { token: alice.token, body: { key: b.items[0]!.key } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ updated: 1 }); // alice's own one, same type and post
    expect(await unread(bob)).toBe(2);
    const byId = await call(markGroupRead, "/api/notifications/groups/read", {
      token: alice.token,
      body: { key: `n:${b.items[0]!.latestId}` },
    });
    expect(byId.body).toEqual({ updated: 0 });
    expect(await unread(bob)).toBe(2);

    // Without a caller: 401; a malformed key: 400.
    expect((await call(listGroups, "/api/notifications/groups")).status).toBe(401);
    expect((await call(markGroupRead, "/api/notifications/groups/read", { body: { key: "n:1" } })).status).toBe(401);
    const bad = await call(markGroupRead, "/api/notifications/groups/read", { token: bob.token, body: { key: "drop table" } });
    expect(bad.status).toBe(400);
    expect((await call(listGroups, "/api/notifications/groups?pageSize=101", { token: bob.token })).status).toBe(400);
  });

  it("marking a group read marks all its notifications in one statement, up to the newest one shown", async () => {
    const author = await makeUser();
    const repliers = await Promise.all([1, 2, 3].map(() => makeUser()));
    const post = await makePost(author.id);
    const other = await makePost(author.id);
    for (const u of repliers) await notify(db, { userId: author.id, type: "COMMENT_REPLY", fromUserId: u.id, postId: post.id });
    await notify(db, { userId: author.id, type: "COMMENT_REPLY", fromUserId: repliers[0]!.id, postId: other.id });
    const [group] = (await groups(author, "?unread=true")).items.filter((x) => x.latest.post?.id === post.id);
    expect(group!.count).toBe(3);

    // A fourth reply arrives after the page was shown: it stays unread.
    await notify(db, { userId: author.id, type: "COMMENT_REPLY", fromUserId: repliers[1]!.id, postId: post.id });
    let before = dbStats.queries;
    const r = await readGroup(author, group!);
    const groupQueries = dbStats.queries - before;
    expect(r.body).toEqual({ updated: 3 });
    // One update whatever the group's size: marking a group of 3 costs what marking one notification does.
    const [lone] = (await groups(author, "?unread=1")).items.filter((x) => x.latest.post?.id === other.id);
    before = dbStats.queries;
    expect((await readGroup(author, lone!)).body).toEqual({ updated: 1 });
    expect(dbStats.queries - before).toBe(groupQueries);
    await notify(db, { userId: author.id, type: "COMMENT_REPLY", fromUserId: repliers[0]!.id, postId: other.id });

    const rows = await db
      .select({ postId: notifications.postId, read: notifications.read })
      .from(notifications)
      .where(eq(notifications.userId, author.id));
    expect(rows.filter((x) => x.postId === post.id && x.read)).toHaveLength(3);
    expect(rows.filter((x) => !x.read)).toHaveLength(2); // the late reply and the other post's new one
    // Read and unread ones are separate groups ("1 new reply", "3 replies"), each where its newest one is.
    const after = await groups(author);
    expect(after.items.map((x) => [x.latest.post?.id, x.count, x.read])).toEqual([
      [other.id, 1, false],
      [post.id, 1, false],
      [other.id, 1, true],
      [post.id, 3, true],
    ]);
    expect(after.items[3]!.key).toBe(`COMMENT_REPLY:${post.id}:r`);
    expect((await groups(author, "?unread=1")).items).toHaveLength(2);
    expect(await unread(author)).toBe(2);
  });

  it("pages over groups: no group twice, none skipped, the true count on every page", async () => {
    const author = await makeUser();
    const actors = await Promise.all([1, 2, 3].map(() => makeUser()));
    const posts = [];
    for (let i = 0; i < 7; i++) posts.push(await makePost(author.id));
    // Interleaved: post 0 gets a reply at the start and the end, so its group is the newest.
    for (let round = 0; round < 3; round++)
      for (const p of posts) await notify(db, { userId: author.id, type: "COMMENT_REPLY", fromUserId: actors[round]!.id, postId: p.id });
    await notify(db, { userId: author.id, type: "USER_FOLLOWED", fromUserId: actors[0]!.id });
    await notify(db, { userId: author.id, type: "COMMENT_REPLY", fromUserId: actors[2]!.id, postId: posts[0]!.id });

    const seen: NotificationGroupDto[] = [];
    for (let page = 0; page < 4; page++) {
      const g = await groups(author, `?page=${page}&pageSize=3`);
      seen.push(...g.items);
      expect(g.hasMore).toBe(page < 2);
      if (page === 3) expect(g.items).toEqual([]);
    }
    expect(seen).toHaveLength(8);
    expect(new Set(seen.map((g) => g.key)).size).toBe(8);
    expect(seen[0]!.latest.post?.id).toBe(posts[0]!.id);
    expect(seen[0]!.count).toBe(4);
    expect(seen[1]!.kind).toBe("single");
    expect(seen[1]!.type).toBe("USER_FOLLOWED");
    expect(seen.slice(2).map((g) => g.latest.post?.id)).toEqual(
      posts
        .slice(1)
        .reverse()
        .map((p) => p.id),
    );
    expect(seen.slice(2).every((g) => g.count === 3 && g.actorCount === 3)).toBe(true);
  });

  it("runs a constant number of queries whatever the page size and group sizes", async () => {
    const author = await makeUser();
    const actors = await Promise.all([1, 2, 3, 4].map(() => makeUser()));
    const seed = async (posts: number, perPost: number) => {
      for (let i = 0; i < posts; i++) {
        const p = await makePost(author.id);
        for (let k = 0; k < perPost; k++)
          await notify(db, { userId: author.id, type: "COMMENT_REPLY", fromUserId: actors[k % 4]!.id, postId: p.id });
      }
    };
    await seed(2, 2);
    await groups(author, "?pageSize=1"); // the token's lastUsedAt write happens once
    let before = dbStats.queries;
    expect((await groups(author, "?pageSize=2")).items).toHaveLength(2);
    const small = dbStats.queries - before;
    await seed(20, 6);
    before = dbStats.queries;
    expect((await groups(author, "?pageSize=20")).items).toHaveLength(20);
    const big = dbStats.queries - before;
    expect(big).toBe(small);
    expect(big).toBeLessThan(10);
  });

  it("is in the OpenAPI document beside the flat list", async () => {
    const doc = (await call(openapi, "/api/openapi.json")).body;
    expect(doc.paths["/api/notifications/groups"].get).toBeTruthy();
    expect(doc.paths["/api/notifications/groups/read"].post).toBeTruthy();
    expect(doc.paths["/api/notifications"].get).toBeTruthy();
    expect(doc.components.schemas.NotificationGroup).toBeTruthy();
  });
});

describe("the lottery draw notice", () => {
  it("is written with its word forms: '1 winner of 2 participants'", async () => {
    const author = await makeUser();
    const [a, b] = await Promise.all([makeUser(), makeUser()]);
    const post = await makeLotteryPost(author.id, { prizeCount: 1, pointCost: 0 });
    await db.insert(lotteryParticipants).values([
      { postId: post.id, userId: a!.id },
      { postId: post.id, userId: b!.id },
    ]);
    await endLottery(post.id);
    await processDueLotteries();
    const [n] = await db
      .select({ content: notifications.content })
      .from(notifications)
      .where(and(eq(notifications.postId, post.id), inArray(notifications.type, ["LOTTERY_DRAW"])));
    expect(n?.content).toBe("1 winner of 2 participants");
  });
});
