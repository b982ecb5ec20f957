// items 3 and 5: a suspended member is told (until when, in words, and why) and a post waiting
// for review or rejected is explained to its author: the reason is kept on the post, a rejected post is
// read-only, and the author's profile lists their own unpublished posts (to them and staff only).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db";
import { comments, posts, reactions, users } from "@/db/schema";
import { PUT as putConfig } from "@/app/api/admin/config/route";
import { POST as approve } from "@/app/api/admin/posts/[id]/approve/route";
import { POST as reject } from "@/app/api/admin/posts/[id]/reject/route";
import { POST as suspend } from "@/app/api/admin/users/[id]/suspend/route";
import { POST as unsuspend } from "@/app/api/admin/users/[id]/unsuspend/route";
import { PUT as editComment } from "@/app/api/comments/[id]/route";
import { POST as reactComment } from "@/app/api/comments/[id]/reactions/route";
import { POST as reply } from "@/app/api/comments/[id]/replies/route";
import { POST as comment } from "@/app/api/posts/[id]/comments/route";
import { POST as closePost } from "@/app/api/posts/[id]/close/route";
import { POST as reactPost } from "@/app/api/posts/[id]/reactions/route";
import { GET as getPost, PUT as putPost } from "@/app/api/posts/[id]/route";
import { POST as create } from "@/app/api/posts/route";
import { POST as flag } from "@/app/api/flags/route";
import { POST as resolveFlag } from "@/app/api/admin/flags/[id]/resolve/route";
import { GET as pageState } from "@/app/api/users/me/page-state/route";
import { GET as userPosts } from "@/app/api/users/[idOrUsername]/posts/route";
import { untilInWords } from "@/lib/human-time";
import { call, makeCategory, makeTag, makeUser, type TestUser } from "../helpers";

let admin: TestUser, mod: TestUser, author: TestUser, other: TestUser, catId: number, tagId: number;

beforeAll(async () => {
  admin = await makeUser({ role: "ADMIN" });
  mod = await makeUser({ role: "MODERATOR" });
  author = await makeUser();
  other = await makeUser();
  catId = (await makeCategory()).id;
  tagId = (await makeTag()).id;
  const set = await call(putConfig, "/api/admin/config", { method: "PUT", token: admin.token, body: { publishMode: "REVIEW" } });
  expect(set.status).toBe(200);
});

afterAll(async () => {
  await call(putConfig, "/api/admin/config", { method: "PUT", token: admin.token, body: { publishMode: "DIRECT" } });
});

const params = (id: number) => ({ params: { id: String(id) } });

async function submit(title: string): Promise<number> {
  const r = await call(create, "/api/posts", {
    token: author.token,
    body: { title, content: `Body of ${title}`, categoryId: catId, tagIds: [tagId] },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  expect(r.body.status).toBe("PENDING");
  return r.body.id as number;
}

const listOf = async (u: TestUser | null) => {
  const r = await call(userPosts, `/api/users/${author.id}/posts?pageSize=50`, {
    ...(u ? { token: u.token } : {}),
    params: { idOrUsername: String(author.id) },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { id: number; status: string; rejectedReason?: string | null }[];
};

describe("pending and rejected posts", () => {
  let pendingId: number, rejectedId: number, publishedId: number, earlyComment: number;

  it("the author's pending post is in their own profile (and staff's view of it), nobody else's", async () => {
    pendingId = await submit("Still waiting");
    rejectedId = await submit("Will be rejected");
    publishedId = await submit("Will be approved");
    // The author comments on their own post while it waits (allowed: they can see it).
    const c = await call(comment, `/api/posts/${rejectedId}/comments`, {
      token: author.token,
      ...params(rejectedId),
      body: { content: "A note while it waits" },
    });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    earlyComment = c.body.id;
    expect((await call(approve, `/api/admin/posts/${publishedId}/approve`, { token: mod.token, ...params(publishedId) })).status).toBe(200);

    const own = await listOf(author);
    expect(own.find((p) => p.id === pendingId)?.status).toBe("PENDING");
    expect(own.find((p) => p.id === publishedId)?.status).toBe("PUBLISHED");
    expect((await listOf(mod)).map((p) => p.id)).toContain(pendingId);
    for (const u of [other, null]) {
      const ids = (await listOf(u)).map((p) => p.id);
      expect(ids).toContain(publishedId);
      expect(ids).not.toContain(pendingId);
      expect(ids).not.toContain(rejectedId);
    }
    const asOther = await call(getPost, `/api/posts/${pendingId}`, { token: other.token, ...params(pendingId) });
    expect(asOther.status).toBe(404);
  });

  it("a rejection keeps its reason on the post: in the answer, the row, the post and the author's profile", async () => {
    const r = await call(reject, `/api/admin/posts/${rejectedId}/reject`, {
      token: mod.token,
      ...params(rejectedId),
      body: { reason: "  Please add a source for the numbers.  " },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ status: "REJECTED", rejectedReason: "Please add a source for the numbers." });
    const [row] = await db.select({ reason: posts.rejectedReason }).from(posts).where(eq(posts.id, rejectedId));
    expect(row!.reason).toBe("Please add a source for the numbers.");
    const seen = await call(getPost, `/api/posts/${rejectedId}`, { token: author.token, ...params(rejectedId) });
    expect(seen.status).toBe(200);
    expect(seen.body.rejectedReason).toBe("Please add a source for the numbers.");
    const mine = (await listOf(author)).find((p) => p.id === rejectedId);
    expect(mine).toMatchObject({ status: "REJECTED", rejectedReason: "Please add a source for the numbers." });
    // A pending or published post carries no reason.
    expect((await listOf(author)).find((p) => p.id === pendingId)?.rejectedReason).toBeUndefined();
    expect((await call(getPost, `/api/posts/${rejectedId}`, { token: other.token, ...params(rejectedId) })).status).toBe(404);
  });

  it("a rejected post is read-only: comments, replies, reactions and its author's edits are refused, nothing is written", async () => {
    const refused = (r: { status: number; body: { code?: string; error?: string } }) => {
      expect(r.status, JSON.stringify(r.body)).toBe(409);
      expect(r.body.code).toBe("conflict");
      expect(r.body.error).toMatch(/rejected this post: it is read-only/);
    };
    const before = await db.select({ id: comments.id }).from(comments).where(eq(comments.postId, rejectedId));
    refused(
      await call(comment, `/api/posts/${rejectedId}/comments`, {
        token: author.token,
        ...params(rejectedId),
        body: { content: "more" },
      }),
    );
    refused(
      await call(comment, `/api/posts/${rejectedId}/comments`, {
        token: mod.token,
        ...params(rejectedId),
        body: { content: "staff" },
      }),
    );
    refused(
      await call(reply, `/api/comments/${earlyComment}/replies`, {
        token: author.token,
        ...params(earlyComment),
        body: { content: "re" },
      }),
    );
    refused(
      await call(reactPost, `/api/posts/${rejectedId}/reactions`, {
        token: author.token,
        ...params(rejectedId),
        body: { type: "LIKE" },
      }),
    );
    refused(
      await call(reactComment, `/api/comments/${earlyComment}/reactions`, {
        token: mod.token,
        ...params(earlyComment),
        body: { type: "LIKE" },
      }),
    );
    refused(
      await call(editComment, `/api/comments/${earlyComment}`, {
        method: "PUT",
        token: author.token,
        ...params(earlyComment),
        body: { content: "edited" },
      }),
    );
    refused(
      await call(putPost, `/api/posts/${rejectedId}`, {
        method: "PUT",
        token: author.token,
        ...params(rejectedId),
        body: { title: "Edited title" },
      }),
    );
    refused(await call(closePost, `/api/posts/${rejectedId}/close`, { token: author.token, ...params(rejectedId) }));
    const after = await db.select({ id: comments.id, content: comments.content }).from(comments).where(eq(comments.postId, rejectedId));
    expect(after.map((c) => c.id)).toEqual(before.map((c) => c.id));
    expect(after[0]!.content).toBe("A note while it waits");
    expect(await db.select().from(reactions).where(eq(reactions.postId, rejectedId))).toEqual([]);
    const [row] = await db.select({ title: posts.title }).from(posts).where(eq(posts.id, rejectedId));
    expect(row!.title).toBe("Will be rejected");
    // Staff may still correct it (and then approve it).
    const staffEdit = await call(putPost, `/api/posts/${rejectedId}`, {
      method: "PUT",
      token: mod.token,
      ...params(rejectedId),
      body: { title: "Will be rejected (sourced)" },
    });
    expect(staffEdit.status, JSON.stringify(staffEdit.body)).toBe(200);
    // A pending post is not read-only for its author.
    const onPending = await call(comment, `/api/posts/${pendingId}/comments`, {
      token: author.token,
      ...params(pendingId),
      body: { content: "ok" },
    });
    expect(onPending.status).toBe(201);
  });

  it("approving a rejected post clears the reason and opens it again", async () => {
    const r = await call(approve, `/api/admin/posts/${rejectedId}/approve`, { token: mod.token, ...params(rejectedId) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.status).toBe("PUBLISHED");
    expect(r.body.rejectedReason).toBeUndefined();
    const [row] = await db.select({ reason: posts.rejectedReason }).from(posts).where(eq(posts.id, rejectedId));
    expect(row!.reason).toBeNull();
    const c = await call(comment, `/api/posts/${rejectedId}/comments`, {
      token: other.token,
      ...params(rejectedId),
      body: { content: "Now I can" },
    });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
  });
});

describe("a post hidden after flags", () => {
  it("is REJECTED with the flags' reasons as its reason, read-only, and published without one when a moderator restores it", async () => {
    const p = await call(create, "/api/posts", {
      token: other.token,
      body: { title: "Buy cheap watches", content: "Visit my shop", categoryId: catId, tagIds: [tagId] },
    });
    // Publish mode is REVIEW in this file: approve it first.
    expect((await call(approve, `/api/admin/posts/${p.body.id}/approve`, { token: mod.token, ...params(p.body.id) })).status).toBe(200);
    const id = p.body.id as number;
    const f1 = await call(flag, "/api/flags", { token: author.token, body: { postId: id, reason: "SPAM" } });
    expect(f1.status, JSON.stringify(f1.body)).toBe(201);
    const f2 = await call(flag, "/api/flags", { token: admin.token, body: { postId: id, reason: "OFF_TOPIC" } });
    expect(f2.status, JSON.stringify(f2.body)).toBe(201);
    const hide = await call(resolveFlag, `/api/admin/flags/${f1.body.id}/resolve`, {
      token: mod.token,
      params: { id: String(f1.body.id) },
      body: { action: "HIDE" },
    });
    expect(hide.status, JSON.stringify(hide.body)).toBe(200);
    const seen = await call(getPost, `/api/posts/${id}`, { token: other.token, ...params(id) });
    expect(seen.body).toMatchObject({ status: "REJECTED", rejectedReason: "Flagged as off topic, spam" });
    const c = await call(comment, `/api/posts/${id}/comments`, { token: other.token, ...params(id), body: { content: "but" } });
    expect(c.status).toBe(409);
    // Restored by a moderator: published, no reason left on it.
    const back = await call(approve, `/api/admin/posts/${id}/approve`, { token: mod.token, ...params(id) });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.status).toBe("PUBLISHED");
    expect(back.body.rejectedReason).toBeUndefined();
    const [row] = await db.select({ reason: posts.rejectedReason }).from(posts).where(eq(posts.id, id));
    expect(row!.reason).toBeNull();
  });
});

describe("suspension", () => {
  const me = (u: TestUser) => call(pageState, "/api/users/me/page-state", { token: u.token });

  it("page-state tells the member their suspension (until, reason); the refused write says until when in words", async () => {
    const member = await makeUser();
    expect((await me(member)).body.me.suspension).toBeNull();
    const end = new Date(Date.now() + 7 * 86_400_000);
    end.setUTCHours(23, 59, 59, 0);
    const s = await call(suspend, `/api/admin/users/${member.id}/suspend`, {
      token: admin.token,
      params: { id: String(member.id) },
      body: { until: end.toISOString(), reason: "Spam links in three threads" },
    });
    expect(s.status, JSON.stringify(s.body)).toBe(200);

    const state = await me(member);
    expect(state.status).toBe(200);
    expect(state.body.me.suspension).toEqual({ until: end.toISOString(), reason: "Spam links in three threads" });
    // Nobody else's page-state says so.
    expect((await me(other)).body.me.suspension).toBeNull();

    const post = (await db.select({ id: posts.id }).from(posts).where(eq(posts.status, "PUBLISHED")).limit(1))[0]!.id;
    const w = await call(comment, `/api/posts/${post}/comments`, {
      token: member.token,
      ...params(post),
      body: { content: "hi" },
    });
    expect(w.status).toBe(403);
    expect(w.body.code).toBe("suspended");
    expect(w.body.until).toBe(end.toISOString());
    const months = [
      "January",
      "February",
      "March",
      "April",
      "May",
      "June",
      "July",
      "August",
      "September",
      "October",
      "November",
      "December",
    ];
    const day = `${end.getUTCDate()} ${months[end.getUTCMonth()]} ${end.getUTCFullYear()}`;
    expect(w.body.error).toMatch(new RegExp(`^Your account is suspended until ${day} \\(in [78] days\\); you can read, but not write$`));
    expect(w.body.error).not.toMatch(/\d{4}-\d\d-\d\dT/);

    expect(
      (await call(unsuspend, `/api/admin/users/${member.id}/unsuspend`, { token: admin.token, params: { id: String(member.id) } })).status,
    ).toBe(200);
    expect((await me(member)).body.me.suspension).toBeNull();
    const again = await call(comment, `/api/posts/${post}/comments`, {
      token: member.token,
      ...params(post),
      body: { content: "hi again" },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
  });

  it("a suspension that has ended is not shown", async () => {
    const member = await makeUser();
    await db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() - 60_000), suspendedReason: "old" })
      .where(eq(users.id, member.id));
    expect((await me(member)).body.me.suspension).toBeNull();
  });

  it("the end in words: the day, and the hour (UTC) when it is within two days", () => {
    const now = Date.parse("2026-11-27T20:00:00Z");
    expect(untilInWords("2026-12-04T23:59:59.000Z", now)).toBe("4 December 2026 (in 7 days)");
    expect(untilInWords("2026-11-28T14:00:00.000Z", now)).toBe("28 November 2026, 14:00 UTC (in 18 hours)");
    expect(untilInWords("2026-11-27T20:30:00.000Z", now)).toBe("27 November 2026, 20:30 UTC (in 1 hour)");
  });
});
