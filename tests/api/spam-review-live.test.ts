// Issue 58, "staff are told": what enters the review queue (a held comment's system flag, a member's flag,
// a post held for review or hidden by a silence) or leaves it (decided, deleted, moved to another
// category) sends a live `review` event (migrations 0057, 0059) to
// moderators and admins, and to a category moderator for their categories only; a member's stream and
// an anonymous one never receive it. Both databases (npm test runs both).
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as flagIt } from "@/app/api/flags/route";
import { POST as approve } from "@/app/api/admin/posts/[id]/approve/route";
import { POST as createGroup } from "@/app/api/admin/groups/route";
import { POST as addMember } from "@/app/api/admin/groups/[id]/members/route";
import { PUT as putModerators } from "@/app/api/admin/categories/[id]/moderators/route";
import { POST as createPost } from "@/app/api/posts/route";
import { DELETE as deletePost, PUT as updatePost } from "@/app/api/posts/[id]/route";
import { DELETE as deleteComment } from "@/app/api/comments/[id]/route";
import { db } from "@/db";
import { flags } from "@/db/schema";
import { eq } from "drizzle-orm";
import { eventHub, type LiveEvent } from "@/lib/live/events";
import { liveEventSchema } from "@/lib/validation/events";
import { makeCategory } from "../helpers";
import { elapse } from "../time";
import { closeStreams, stream, type Stream } from "./live-helpers";
import {
  call,
  category,
  comment,
  config,
  makeUser,
  member,
  post,
  resolveCommentFlag,
  theAdmin,
  watch,
  type TestUser,
} from "./spam-helpers";

const isReview = (e: LiveEvent) => e.type === "review";

let admin: TestUser, moderator: TestUser, catMod: TestUser, plain: TestUser, author: TestUser;
/** The spam helpers' category, which catMod's group moderates, and one it does not. */
let mine = 0;
let other = 0;

beforeAll(async () => {
  [admin, moderator, catMod, plain, author] = await Promise.all([
    theAdmin(),
    makeUser({ role: "MODERATOR" }),
    member(1),
    member(1),
    member(1),
  ]);
  mine = await category();
  other = (await makeCategory()).id;
  const g = await call(createGroup, "/api/admin/groups", {
    token: admin.token,
    body: { name: `Live mods ${randomBytes(3).toString("hex")}` },
  });
  expect(g.status, g.text).toBe(201);
  const m = await call(addMember, `/api/admin/groups/${g.body.id}/members`, {
    token: admin.token,
    body: { username: catMod.username },
    params: { id: String(g.body.id) },
  });
  expect(m.status, m.text).toBe(200);
  const set = await call(putModerators, `/api/admin/categories/${mine}/moderators`, {
    method: "PUT",
    token: admin.token,
    body: { groupIds: [g.body.id] },
    params: { id: String(mine) },
  });
  expect(set.status, set.text).toBe(200);
});

afterAll(async () => {
  await closeStreams();
  await eventHub.close();
});

/** Streams of every audience: staff (admin, moderator), the category moderator, a plain member, the author, a visitor. */
async function audiences() {
  const [a, m, c, p, au, anon] = await Promise.all([
    stream(admin),
    stream(moderator),
    stream(catMod),
    stream(plain),
    stream(author),
    stream(),
  ]);
  return { staff: [a, m], catMod: c, others: [p, au, anon] };
}

/**
 * A published comment every stream receives: once each has it, an event committed before it would
 * have arrived too (plus a margin for one announced out of that order).
 */
async function barrier(postId: number, streams: Stream[]) {
  const c = await comment(author, postId, `Barrier ${randomBytes(3).toString("hex")}`);
  expect(c.body.status).not.toBe("PENDING");
  for (const s of streams) await s.waitFor((e) => e.type === "comment" && e.commentId === c.body.id);
  await elapse(200, "time for a late event to arrive");
}

describe("live review-queue events (migration 0057)", () => {
  it("a comment held for review (watched word REQUIRE_APPROVAL): staff and the category's moderator are told; members and visitors are not", async () => {
    await watch("reviewmecasino", "REQUIRE_APPROVAL");
    const spammer = await member(0);
    const p = (await post(author)).body;
    const { staff, catMod: cm, others } = await audiences();

    const held = await comment(spammer, p.id, "Try reviewmecasino now");
    expect(held.status).toBe(201);
    expect(held.body.status).toBe("PENDING");
    for (const s of [...staff, cm]) {
      const e = await s.waitFor((x) => isReview(x) && x.commentId === held.body.id);
      // Ids only: what the queue shows its readers.
      expect(liveEventSchema.parse(e)).toEqual({
        id: e.id,
        type: "review",
        kind: "flag",
        count: 1,
        flagId: expect.any(Number),
        postId: p.id,
        commentId: held.body.id,
        categoryId: mine,
      });
    }
    await barrier(p.id, [...staff, cm, ...others]);
    for (const s of others) expect(s.events.filter(isReview)).toEqual([]);

    // Let through: it left the queue.
    await resolveCommentFlag(held.body.id);
    for (const s of [...staff, cm]) await s.waitFor((x) => isReview(x) && x.kind === "reviewed" && x.postId === p.id);
    await barrier(p.id, [...staff, ...others]);
    for (const s of others) expect(s.events.filter(isReview)).toEqual([]);
  });

  it("a member's flag: staff are told (with the flag's id); the flagger, other members and visitors are not", async () => {
    const p = (await post(author)).body;
    const { staff, catMod: cm, others } = await audiences();
    const f = await call(flagIt, "/api/flags", { token: plain.token, body: { postId: p.id, reason: "OFF_TOPIC" } });
    expect(f.status, f.text).toBe(201);
    for (const s of [...staff, cm])
      expect(await s.waitFor((x) => isReview(x) && x.flagId === f.body.id)).toMatchObject({
        kind: "flag",
        postId: p.id,
        categoryId: mine,
      });
    await barrier(p.id, [...staff, cm, ...others]);
    for (const s of others) expect(s.events.filter(isReview)).toEqual([]);
  });

  it("a watched word FLAG's system flag on a published comment: staff are told, the member's stream is not", async () => {
    await watch("flagmeword", "FLAG");
    const p = (await post(author)).body;
    const { staff, others } = await audiences();
    const c = await comment(plain, p.id, "A flagmeword in passing");
    expect(c.status).toBe(201);
    expect(c.body.status).not.toBe("PENDING");
    for (const s of staff) await s.waitFor((x) => isReview(x) && x.kind === "flag" && x.commentId === c.body.id);
    await barrier(p.id, [...staff, ...others]);
    for (const s of others) expect(s.events.filter(isReview)).toEqual([]);
  });

  it("a post held for review (new-member review): staff are told; a category moderator only of their own category", async () => {
    await config({ newMemberReviewPosts: 5 });
    try {
      const newbie = await member(0);
      const { staff, catMod: cm, others } = await audiences();
      const there = await call(createPost, "/api/posts", {
        token: newbie.token,
        body: { title: "Elsewhere", content: "Some words", categoryId: other, tagIds: [] },
      });
      expect(there.status, there.text).toBe(201);
      expect(there.body.status).toBe("PENDING");
      const here = await post(newbie);
      expect(here.body.status).toBe("PENDING");
      for (const s of staff) {
        await s.waitFor((x) => isReview(x) && x.kind === "post" && x.postId === there.body.id);
        await s.waitFor((x) => isReview(x) && x.kind === "post" && x.postId === here.body.id);
      }
      expect(await cm.waitFor((x) => isReview(x) && x.postId === here.body.id)).toMatchObject({ kind: "post", categoryId: mine });
      const p = (await post(author)).body;
      await barrier(p.id, [...staff, cm, ...others]);
      expect(cm.events.filter((x) => isReview(x) && x.categoryId === other)).toEqual([]);
      for (const s of others) expect(s.events.filter(isReview)).toEqual([]);

      // Approved: it left the queue (the category moderator approves in their category).
      const ok = await call(approve, `/api/admin/posts/${here.body.id}/approve`, {
        method: "POST",
        token: catMod.token,
        params: { id: String(here.body.id) },
      });
      expect(ok.status, ok.text).toBe(200);
      for (const s of [...staff, cm]) await s.waitFor((x) => isReview(x) && x.kind === "reviewed" && x.postId === here.body.id);
    } finally {
      await config({ newMemberReviewPosts: 0 });
    }
  });

  it("a new member silenced by members' spam flags: their posts and comments hidden pending review reach staff, one flag event per write and category", async () => {
    const quiet = await member(0);
    const p1 = (await post(quiet)).body;
    const p2 = (await post(author)).body;
    const c1 = (await comment(quiet, p2.id, "one")).body;
    const c2 = (await comment(quiet, p2.id, "two")).body;
    expect([p1.status, c1.status, c2.status]).not.toContain("PENDING");
    const flaggers = await Promise.all([member(1), member(1), member(1)]);
    const { staff, others } = await audiences();
    for (const f of flaggers) {
      const r = await call(flagIt, "/api/flags", { token: f.token, body: { postId: p1.id, reason: "SPAM" } });
      expect(r.status, r.text).toBe(201);
    }
    for (const s of staff) {
      await s.waitFor((x) => isReview(x) && x.kind === "post" && x.postId === p1.id);
      // The system flags of the two hidden comments: one insert, one event.
      const f = await s.waitFor((x) => isReview(x) && x.kind === "flag" && x.categoryId === mine && x.count === 2);
      expect(f.commentId).toBeUndefined();
      expect(s.events.filter((x) => isReview(x) && x.kind === "flag" && x.postId === p1.id)).toHaveLength(3);
    }
    await barrier(p2.id, [...staff, ...others]);
    for (const s of others) expect(s.events.filter(isReview)).toEqual([]);
  });

  it("a change of category moderators ends the streams, which reopen under the new rule", async () => {
    const s = await stream(catMod);
    const r = await call(putModerators, `/api/admin/categories/${other}/moderators`, {
      method: "PUT",
      token: admin.token,
      body: { groupIds: [] },
      params: { id: String(other) },
    });
    expect(r.status, r.text).toBe(200);
    await expect.poll(() => s.ended, { timeout: 3000 }).toBe(true);
  });
});

describe("live review-queue events when flagged or pending posts are deleted or moved (migration 0059)", () => {
  const del = (u: TestUser, id: number) =>
    call(deletePost, `/api/posts/${id}`, { method: "DELETE", token: u.token, params: { id: String(id) } });
  const move = (u: TestUser, id: number, categoryId: number) =>
    call(updatePost, `/api/posts/${id}`, { method: "PUT", token: u.token, params: { id: String(id) }, body: { categoryId } });
  const flag = async (body: { postId: number } | { commentId: number }) => {
    const f = await call(flagIt, "/api/flags", { token: plain.token, body: { ...body, reason: "OFF_TOPIC" } });
    expect(f.status, f.text).toBe(201);
    return f.body.id as number;
  };
  const reviewsOf = (s: Stream, postId: number) => s.events.filter((x) => isReview(x) && x.postId === postId);
  // The posts' author here (the file's author would pass the posts rate limit).
  let writer: TestUser;
  beforeAll(async () => {
    writer = await member(1);
  });

  it("a flagged post deleted by its author, and a post with a flagged comment deleted by staff: its flags went with it, reviewers are told it left", async () => {
    const p = (await post(writer)).body;
    const q = (await post(writer)).body;
    const c = (await comment(await member(1), q.id, "A comment someone flags")).body;
    const { staff, catMod: cm, others } = await audiences();
    await flag({ postId: p.id });
    await flag({ commentId: c.id });
    for (const s of [...staff, cm]) await s.waitFor((x) => isReview(x) && x.kind === "flag" && x.commentId === c.id);

    const d1 = await del(writer, p.id);
    expect(d1.status, d1.text).toBe(204);
    const d2 = await del(moderator, q.id);
    expect(d2.status, d2.text).toBe(204);
    expect(await db.select().from(flags).where(eq(flags.postId, q.id))).toEqual([]);
    for (const s of [...staff, cm]) {
      expect(await s.waitFor((x) => isReview(x) && x.kind === "reviewed" && x.postId === p.id)).toMatchObject({ categoryId: mine });
      expect(await s.waitFor((x) => isReview(x) && x.kind === "reviewed" && x.postId === q.id)).toMatchObject({ categoryId: mine });
    }
    const b = (await post(writer)).body;
    await barrier(b.id, [...staff, cm, ...others]);
    for (const s of [...staff, cm]) expect(reviewsOf(s, q.id).filter((x) => x.kind === "reviewed")).toHaveLength(1);
    for (const s of others) expect(s.events.filter(isReview)).toEqual([]);
  });

  it("a pending post with open flags deleted is told once; a flagged comment deleted by its author stays in the queue (soft delete: its flags stay open), so nothing is sent", async () => {
    await config({ newMemberReviewPosts: 5 });
    let held: { id: number; status: string };
    try {
      held = (await post(await member(0))).body;
    } finally {
      await config({ newMemberReviewPosts: 0 });
    }
    expect(held.status).toBe("PENDING");
    // A pending post with open flags: what members' flags leave when they hide a post (0057's silence test).
    await db.insert(flags).values({ reporterId: plain.id, postId: held.id, reason: "SPAM" });
    const p = (await post(writer)).body;
    const c = (await comment(plain, p.id, "A comment its author takes back")).body;
    const f = await call(flagIt, "/api/flags", { token: writer.token, body: { commentId: c.id, reason: "OFF_TOPIC" } });
    expect(f.status, f.text).toBe(201);
    const { staff, catMod: cm } = await audiences();

    const gone = await call(deleteComment, `/api/comments/${c.id}`, { method: "DELETE", token: plain.token, params: { id: String(c.id) } });
    expect(gone.status, gone.text).toBe(204);
    const [open] = await db.select({ status: flags.status }).from(flags).where(eq(flags.commentId, c.id));
    expect(open?.status).toBe("OPEN");
    const d = await call(deletePost, `/api/posts/${held.id}`, { method: "DELETE", token: admin.token, params: { id: String(held.id) } });
    expect(d.status, d.text).toBe(204);
    for (const s of [...staff, cm]) await s.waitFor((x) => isReview(x) && x.kind === "reviewed" && x.postId === held.id);
    await barrier(p.id, [...staff, cm]);
    for (const s of [...staff, cm]) {
      expect(reviewsOf(s, held.id)).toHaveLength(1);
      expect(s.events.filter((x) => isReview(x) && x.commentId === c.id)).toEqual([]);
      expect(reviewsOf(s, p.id)).toEqual([]);
    }
  });

  it("a pending post moved to another category: the category it left is told it left, the one it entered that it waits there", async () => {
    await config({ newMemberReviewPosts: 5 });
    let there: { id: number; status: string };
    try {
      const r = await call(createPost, "/api/posts", {
        token: (await member(0)).token,
        body: { title: "Held elsewhere", content: "Some words", categoryId: other, tagIds: [] },
      });
      expect(r.status, r.text).toBe(201);
      there = r.body;
    } finally {
      await config({ newMemberReviewPosts: 0 });
    }
    expect(there.status).toBe("PENDING");
    const { staff, catMod: cm, others } = await audiences();

    const m1 = await move(moderator, there.id, mine);
    expect(m1.status, m1.text).toBe(200);
    expect(await cm.waitFor((x) => isReview(x) && x.postId === there.id)).toMatchObject({ kind: "post", categoryId: mine });
    for (const s of staff) {
      await s.waitFor((x) => isReview(x) && x.kind === "reviewed" && x.postId === there.id && x.categoryId === other);
      await s.waitFor((x) => isReview(x) && x.kind === "post" && x.postId === there.id && x.categoryId === mine);
    }
    const m2 = await move(moderator, there.id, other);
    expect(m2.status, m2.text).toBe(200);
    await cm.waitFor((x) => isReview(x) && x.kind === "reviewed" && x.postId === there.id && x.categoryId === mine);
    const b = (await post(writer)).body;
    await barrier(b.id, [...staff, cm, ...others]);
    // The category moderator hears nothing of the other category.
    expect(cm.events.filter((x) => isReview(x) && x.categoryId === other)).toEqual([]);
    for (const s of others) expect(s.events.filter(isReview)).toEqual([]);
  });

  it("a post with open flags moved: it leaves one category's flag queue and enters the other's; a post without any is no review event", async () => {
    const p = (await post(writer)).body;
    const calm = (await post(writer)).body;
    const flagId = await flag({ postId: p.id });
    const { staff, catMod: cm, others } = await audiences();

    const m1 = await move(moderator, p.id, other);
    expect(m1.status, m1.text).toBe(200);
    expect(await cm.waitFor((x) => isReview(x) && x.postId === p.id)).toMatchObject({ kind: "reviewed", categoryId: mine });
    for (const s of staff)
      expect(await s.waitFor((x) => isReview(x) && x.kind === "flag" && x.postId === p.id)).toMatchObject({
        categoryId: other,
        count: 1,
        flagId,
      });
    const m2 = await move(moderator, p.id, mine);
    expect(m2.status, m2.text).toBe(200);
    expect(await cm.waitFor((x) => isReview(x) && x.kind === "flag" && x.postId === p.id)).toMatchObject({ categoryId: mine, count: 1 });
    const m3 = await move(moderator, calm.id, other);
    expect(m3.status, m3.text).toBe(200);
    await barrier(p.id, [...staff, cm, ...others]);
    for (const s of [...staff, cm]) expect(reviewsOf(s, calm.id)).toEqual([]);
    for (const s of others) expect(s.events.filter(isReview)).toEqual([]);
  });
});
