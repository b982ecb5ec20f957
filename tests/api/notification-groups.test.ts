import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { db } from "@/db";
import { lotteryParticipants, notifications } from "@/db/schema";
import { POST as postComment } from "@/app/api/posts/[id]/comments/route";
import { POST as vote } from "@/app/api/posts/[id]/poll/vote/route";
import { POST as markRead } from "@/app/api/notifications/read/route";
import { GET as listNotifications } from "@/app/api/notifications/route";
import { processDueLotteries } from "@/lib/services/posts/lotteries";
import { notificationSchema } from "@/lib/validation/responses";
import {
  actorList,
  groupLabel,
  groupNotifications,
  lotteryDrawSummary,
  plural,
  unreadIdsOf,
  type NotificationGroup,
} from "@/components/notifications/notification-groups";
import { call, makeUser, type TestUser } from "../helpers";
import { endLottery, makeLotteryPost, makePollPost, makePost } from "./economy-helpers";

// Issue 47 item 10: the API answers one notification per event (OpenIsle's shape); the inbox and the
// header's dropdown group them per post and per poll, with the right word forms.
const inbox = async (u: TestUser) => {
  const r = await call(listNotifications, "/api/notifications?page=0&size=100", { token: u.token });
  expect(r.status).toBe(200);
  return z.array(notificationSchema.strict()).parse(r.body);
};
type Group = Exclude<NotificationGroup, { kind: "single" }>;
const groupsOf = (g: NotificationGroup[]) => g.filter((x): x is Group => x.kind !== "single");

const comment = (u: TestUser, postId: number, content: string) =>
  call(postComment, `/api/posts/${postId}/comments`, { token: u.token, params: { id: String(postId) }, body: { content } });
const voteFor = (u: TestUser, postId: number, option: string) =>
  call(vote, `/api/posts/${postId}/poll/vote`, { token: u.token, params: { id: String(postId) }, body: { options: [option] } });

describe("notifications grouped per post and per poll", () => {
  it("three replies on one post and five votes in one poll are two rows, with their counts and names", async () => {
    const author = await makeUser();
    const [a, b, c, d, e] = await Promise.all([1, 2, 3, 4, 5].map(() => makeUser()));
    const post = await makePost(author.id);
    const poll = await makePollPost(author.id);
    const other = await makePost(author.id);

    for (const [i, u] of [a!, b!, c!].entries()) expect((await comment(u, post.id, `Reply ${i}`)).status).toBe(201);
    for (const u of [a!, b!, c!, d!, e!]) expect((await voteFor(u, poll.id, "red")).status).toBe(200);
    expect((await comment(d!, other.id, "Only one here")).status).toBe(201);

    // The API keeps one notification per event, in OpenIsle's shape (strict: no added fields).
    const items = await inbox(author);
    expect(items.filter((n) => n.type === "COMMENT_REPLY")).toHaveLength(4);
    expect(items.filter((n) => n.type === "POLL_VOTE")).toHaveLength(5);

    const groups = groupNotifications(items);
    const grouped = groupsOf(groups);
    expect(grouped.map((g) => [g.kind, g.items.length, g.unread])).toEqual([
      ["votes", 5, true],
      ["replies", 3, true],
    ]);
    const [votes, replies] = grouped as [Group, Group];
    expect(groupLabel(replies)).toBe(`3 new replies in “${post.title}”`);
    expect(groupLabel(votes)).toBe(`5 people voted in “${poll.title}”`);
    // Newest first, names deduplicated, long lists shortened.
    expect(actorList(replies.items.map((n) => n.fromUser!.username))).toBe(`${c!.username}, ${b!.username} and ${a!.username}`);
    expect(actorList(votes.items.map((n) => n.fromUser!.username))).toBe(`${e!.username}, ${d!.username} and 3 others`);
    // The lone reply on the other post stays a plain notification; order follows the newest member.
    const single = groups.find((g) => g.kind === "single" && g.item.post?.id === other.id);
    expect(single).toBeTruthy();
    expect(groups.indexOf(single!)).toBe(0);
    expect(groups.indexOf(votes)).toBeLessThan(groups.indexOf(replies));

    // Marking the group read marks every member read, and nothing else.
    const ids = unreadIdsOf(replies);
    expect(ids).toHaveLength(3);
    const r = await call(markRead, "/api/notifications/read", { token: author.token, body: { ids } });
    expect(r.status).toBe(200);
    const rows = await db
      .select({ id: notifications.id, read: notifications.read })
      .from(notifications)
      .where(eq(notifications.userId, author.id));
    expect(rows.filter((x) => ids.includes(x.id)).every((x) => x.read)).toBe(true);
    expect(rows.filter((x) => !ids.includes(x.id)).every((x) => !x.read)).toBe(true);

    // A new reply after that is a new unread row of its own; the read ones are "3 replies", not "new".
    expect((await comment(e!, post.id, "Late reply")).status).toBe(201);
    const after = groupNotifications(await inbox(author));
    const fresh = after.find((g) => g.kind === "single" && g.item.post?.id === post.id && !g.item.read);
    expect(fresh).toBeTruthy();
    const old = groupsOf(after).find((g) => g.kind === "replies")!;
    expect(old.unread).toBe(false);
    expect(groupLabel(old)).toBe(`3 replies in “${post.title}”`);
    expect(unreadIdsOf(old)).toEqual([]);
  });

  it("two replies say 'replies', one person voting is not grouped", async () => {
    const author = await makeUser();
    const [a, b] = await Promise.all([makeUser(), makeUser()]);
    const post = await makePost(author.id);
    const poll = await makePollPost(author.id);
    await comment(a!, post.id, "one");
    await comment(b!, post.id, "two");
    await voteFor(a!, poll.id, "blue");
    const groups = groupNotifications(await inbox(author));
    const replies = groupsOf(groups).find((g) => g.kind === "replies")!;
    expect(groupLabel(replies)).toBe(`2 new replies in “${post.title}”`);
    expect(groups.some((g) => g.kind === "single" && g.item.type === "POLL_VOTE")).toBe(true);
    expect(groupsOf(groups).some((g) => g.kind === "votes")).toBe(false);
  });

  it("plural forms follow Intl.PluralRules, never '(s)'", () => {
    expect(plural(1, "person", "people")).toBe("1 person");
    expect(plural(0, "person", "people")).toBe("0 people");
    expect(plural(2, "new reply", "new replies")).toBe("2 new replies");
    expect(actorList(["a", "b", "c", "d"])).toBe("a, b and 2 others");
    expect(actorList(["a", "b", "c", "d"], 3)).toBe("a, b, c and d");
    expect(actorList(["a", "b", "c", "d", "e", "f"], 3)).toBe("a, b, c and 3 others");
    expect(actorList(["a", "a"])).toBe("a");
    expect(lotteryDrawSummary("1 winner(s) of 2 participant(s)")).toBe("1 winner of 2 participants");
    expect(lotteryDrawSummary("2 winners of 1 participant")).toBe("2 winners of 1 participant");
  });

  it("a lottery draw's notification says '1 winner of 2 participants'", async () => {
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
