// Issue 58, "staff are told": what enters the review queue (a held comment's system flag, a member's flag,
// a post held for review or hidden by a silence) sends a live `review` event (migration 0057) to
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
