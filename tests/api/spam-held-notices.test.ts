// A comment the spam screen holds tells nobody and earns nothing: no reply, mention or "post updated"
// notice points at writing no one else can read, and neither its author nor the post's gain points or
// experience from it. A moderator who lets it through sends the notices and pays what it earns then,
// once. Both databases.
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db";
import { comments, flags, notifications, pointHistories, postSubscriptions, users } from "@/db/schema";
import { EXPERIENCE, POINTS } from "@/lib/services/points/points";
import { comment, member, post, resolveCommentFlag, watch } from "./spam-helpers";

/** What members heard of the comment (the flag queue's own FLAG_RESOLVED notices aside). */
async function noticesOf(commentId: number) {
  const rows = await db
    .select({ userId: notifications.userId, type: notifications.type })
    .from(notifications)
    .where(and(eq(notifications.commentId, commentId), inArray(notifications.type, ["COMMENT_REPLY", "MENTION", "POST_UPDATED"])));
  return rows.map((r) => `${r.userId}:${r.type}`).sort();
}

async function wallet(ids: number[]) {
  const rows = await db
    .select({ id: users.id, point: users.point, experience: users.experience })
    .from(users)
    .where(inArray(users.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, [r.point, r.experience] as [number, number]]));
}

describe("a held comment's notices", () => {
  it("are not sent while it is held (reply, mention, follower), earn no points or experience, and are sent and paid when it is let through", async () => {
    const author = await member(1);
    const mentioned = await member(1);
    const follower = await member(1);
    const spammer = await member(0);
    await watch("heldnotice", "REQUIRE_APPROVAL");
    const p = (await post(author, { title: "Notices wait" })).body;
    await db.insert(postSubscriptions).values({ userId: follower.id, postId: p.id }).onConflictDoNothing();
    const before = await wallet([author.id, spammer.id]);

    const held = await comment(spammer, p.id, `heldnotice, and @${mentioned.username} look`);
    expect(held.status).toBe(201);
    expect(held.body.status).toBe("PENDING");
    expect(await noticesOf(held.body.id)).toEqual([]);
    expect(await wallet([author.id, spammer.id])).toEqual(before);

    await resolveCommentFlag(held.body.id, "DISMISS");
    expect(await noticesOf(held.body.id)).toEqual(
      [`${author.id}:COMMENT_REPLY`, `${mentioned.id}:MENTION`, `${follower.id}:POST_UPDATED`].sort(),
    );
    // Paid as if published when written: points for both, experience for its author, on the ledger and the comment.
    expect(await wallet([author.id, spammer.id])).toEqual({
      [author.id]: [before[author.id]![0] + POINTS.comment, before[author.id]![1]],
      [spammer.id]: [before[spammer.id]![0] + POINTS.comment, before[spammer.id]![1] + EXPERIENCE.comment],
    });
    const ledger = await db
      .select({ userId: pointHistories.userId })
      .from(pointHistories)
      .where(eq(pointHistories.commentId, held.body.id));
    expect(ledger.map((l) => l.userId).sort()).toEqual([author.id, spammer.id].sort());
    const [row] = await db
      .select({ reward: comments.reward, pointReward: comments.pointReward })
      .from(comments)
      .where(eq(comments.id, held.body.id));
    expect(row).toEqual({ reward: EXPERIENCE.comment, pointReward: POINTS.comment });
  });

  it("a held comment hidden for good tells nobody; an ordinary comment let through after a member's flag sends nothing twice", async () => {
    const author = await member(1);
    const spammer = await member(0);
    const regular = await member(1);
    await watch("heldforgood", "REQUIRE_APPROVAL");
    const p = (await post(author, { title: "Hidden for good" })).body;

    const before = await wallet([author.id, spammer.id]);
    const held = await comment(spammer, p.id, "heldforgood offer");
    await resolveCommentFlag(held.body.id, "HIDE");
    expect(await noticesOf(held.body.id)).toEqual([]);
    expect(await wallet([author.id, spammer.id])).toEqual(before);

    // Published at once: its reply notice goes when it is written, and a flag dismissed later adds none.
    const ok = await comment(regular, p.id, "An honest answer");
    expect(ok.status).toBe(201);
    expect(await noticesOf(ok.body.id)).toEqual([`${author.id}:COMMENT_REPLY`]);
    const paid = await wallet([author.id, regular.id]);
    await db.insert(flags).values({ reporterId: spammer.id, postId: p.id, commentId: ok.body.id, reason: "SPAM" });
    await resolveCommentFlag(ok.body.id, "DISMISS");
    expect(await noticesOf(ok.body.id)).toEqual([`${author.id}:COMMENT_REPLY`]);
    expect(await wallet([author.id, regular.id])).toEqual(paid);
  });
});
