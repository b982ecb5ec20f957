// Category moderators in the review queue and the flag queue (issue 57 item 4): a member of a group that
// moderates a category sees that category's pending posts and flags (only those), approves and rejects
// them, and resolves flags there (dismiss, hide, close; deleting stays with staff); a plain member gets 403.
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "@/db";
import { posts } from "@/db/schema";
import { POST as createPost } from "@/app/api/posts/route";
import { POST as flagIt } from "@/app/api/flags/route";
import { GET as listPending } from "@/app/api/admin/posts/pending/route";
import { GET as pendingCount } from "@/app/api/admin/posts/pending/count/route";
import { POST as approve } from "@/app/api/admin/posts/[id]/approve/route";
import { GET as listFlags } from "@/app/api/admin/flags/route";
import { POST as resolve } from "@/app/api/admin/flags/[id]/resolve/route";
import { POST as createGroup } from "@/app/api/admin/groups/route";
import { POST as addMember } from "@/app/api/admin/groups/[id]/members/route";
import { PUT as putModerators } from "@/app/api/admin/categories/[id]/moderators/route";
import { reviewQueueCount } from "@/lib/services/moderation/moderation";
import { getPageState } from "@/lib/services/users/page-state";
import { asViewer, call, makeCategory, makeUser, type TestUser } from "../helpers";

let admin: TestUser, moderator: TestUser, catMod: TestUser, member: TestUser, author: TestUser, flagger: TestUser;
let mine = 0;
let other = 0;

const post = async (categoryId: number, status?: "PENDING") => {
  const r = await call(createPost, "/api/posts", {
    token: author.token,
    body: { title: `Queue ${randomBytes(3).toString("hex")}`, content: "Some words", categoryId },
  });
  expect(r.status, r.text).toBe(201);
  if (status) await db.update(posts).set({ status }).where(eq(posts.id, r.body.id));
  return r.body.id as number;
};
const flag = async (postId: number) => {
  const r = await call(flagIt, "/api/flags", { token: flagger.token, body: { postId, reason: "OFF_TOPIC" } });
  expect(r.status, r.text).toBe(201);
  return r.body.id as number;
};
const pendingIds = async (by: TestUser) => {
  const r = await call(listPending, "/api/admin/posts/pending?pageSize=100", { token: by.token });
  return { status: r.status, ids: r.status === 200 ? (r.body as { id: number }[]).map((p) => p.id) : [] };
};
const flagPostIds = async (by: TestUser) => {
  const r = await call(listFlags, "/api/admin/flags?pageSize=100", { token: by.token });
  return { status: r.status, ids: r.status === 200 ? (r.body as { post: { id: number } }[]).map((f) => f.post.id) : [] };
};
const resolveAs = (by: TestUser, flagId: number, action: string) =>
  call(resolve, `/api/admin/flags/${flagId}/resolve`, { token: by.token, body: { action }, params: { id: String(flagId) } });
const statusOf = async (id: number) => (await db.select({ s: posts.status }).from(posts).where(eq(posts.id, id)))[0]!.s;

beforeAll(async () => {
  [admin, moderator, catMod, member, author, flagger] = await Promise.all([
    makeUser({ role: "ADMIN" }),
    makeUser({ role: "MODERATOR" }),
    makeUser(),
    makeUser(),
    makeUser(),
    makeUser(),
  ]);
  const g = await call(createGroup, "/api/admin/groups", {
    token: admin.token,
    body: { name: `Queue mods ${randomBytes(3).toString("hex")}` },
  });
  const m = await call(addMember, `/api/admin/groups/${g.body.id}/members`, {
    token: admin.token,
    body: { username: catMod.username },
    params: { id: String(g.body.id) },
  });
  expect(m.status, m.text).toBe(200);
  mine = (await makeCategory()).id;
  other = (await makeCategory()).id;
  const set = await call(putModerators, `/api/admin/categories/${mine}/moderators`, {
    method: "PUT",
    token: admin.token,
    body: { groupIds: [g.body.id] },
    params: { id: String(mine) },
  });
  expect(set.status, set.text).toBe(200);
});

describe("category moderators in the review queue (issue 57)", () => {
  it("see their category's pending posts only, approve them, 404 on others'; staff see all; a plain member 403", async () => {
    const a = await post(mine, "PENDING");
    const b = await post(other, "PENDING");
    const theirs = await pendingIds(catMod);
    expect(theirs.status).toBe(200);
    expect(theirs.ids).toContain(a);
    expect(theirs.ids).not.toContain(b);
    const staff = await pendingIds(moderator);
    expect(staff.ids).toEqual(expect.arrayContaining([a, b]));
    expect((await pendingIds(member)).status).toBe(403);

    const count = await call(pendingCount, "/api/admin/posts/pending/count", { token: catMod.token });
    expect(count.status, count.text).toBe(200);
    expect(count.body.count).toBe(theirs.ids.length);
    expect((await call(pendingCount, "/api/admin/posts/pending/count", { token: member.token })).status).toBe(403);

    const ok = await call(approve, `/api/admin/posts/${a}/approve`, { method: "POST", token: catMod.token, params: { id: String(a) } });
    expect(ok.status, ok.text).toBe(200);
    expect(await statusOf(a)).toBe("PUBLISHED");
    const no = await call(approve, `/api/admin/posts/${b}/approve`, { method: "POST", token: catMod.token, params: { id: String(b) } });
    expect(no.status).toBe(404);
    expect(await statusOf(b)).toBe("PENDING");
    expect((await pendingIds(catMod)).ids).not.toContain(a);
  });

  it("see their category's flags only and resolve them (dismiss, hide); others' are 404, deleting 403; a plain member 403", async () => {
    const a = await post(mine);
    const a2 = await post(mine);
    const a3 = await post(mine);
    const b = await post(other);
    const fa = await flag(a);
    const fa2 = await flag(a2);
    const fa3 = await flag(a3);
    const fb = await flag(b);
    const theirs = await flagPostIds(catMod);
    expect(theirs.status).toBe(200);
    expect(theirs.ids).toEqual(expect.arrayContaining([a, a2, a3]));
    expect(theirs.ids).not.toContain(b);
    expect((await flagPostIds(moderator)).ids).toEqual(expect.arrayContaining([a, b]));
    expect((await flagPostIds(member)).status).toBe(403);

    expect((await resolveAs(member, fa, "DISMISS")).status).toBe(403);
    expect((await resolveAs(catMod, fb, "DISMISS")).status).toBe(404);
    expect((await resolveAs(catMod, fa3, "DELETE")).status).toBe(403);
    const dismissed = await resolveAs(catMod, fa, "DISMISS");
    expect(dismissed.status, dismissed.text).toBe(200);
    expect(dismissed.body).toEqual({ action: "DISMISS", resolved: 1 });
    const hidden = await resolveAs(catMod, fa2, "HIDE");
    expect(hidden.status, hidden.text).toBe(200);
    expect(await statusOf(a2)).toBe("REJECTED");
    expect(await statusOf(b)).toBe("PUBLISHED");
    const left = await flagPostIds(catMod);
    expect(left.ids).toContain(a3);
    expect(left.ids).not.toContain(a);
    expect(left.ids).not.toContain(a2);
    // Staff resolve the rest, everywhere.
    expect((await resolveAs(moderator, fb, "DISMISS")).status).toBe(200);
    expect((await resolveAs(moderator, fa3, "DISMISS")).status).toBe(200);
  });

  it("the header's review link: their share for a category moderator (rendered and shared pages), none for a plain member", async () => {
    const p = await post(mine, "PENDING");
    const n = await reviewQueueCount(asViewer(catMod));
    expect(n).toBeGreaterThanOrEqual(1);
    const c = await call(pendingCount, "/api/admin/posts/pending/count", { token: catMod.token });
    expect(n).toBe(c.body.total);
    expect(await reviewQueueCount(asViewer(member))).toBeNull();
    const state = await getPageState(asViewer(catMod), { postIds: [], visit: false, view: false });
    expect(state.me.review).toBe(n);
    expect((await getPageState(asViewer(member), { postIds: [], visit: false, view: false })).me.review).toBeNull();
    await db.update(posts).set({ status: "PUBLISHED" }).where(eq(posts.id, p));
  });
});
