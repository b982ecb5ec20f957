// Category moderators (issue 57 item 4): a group made moderator of a category; its members review,
// close, pin and move the category's posts, and only there (lib/permissions/category-moderators.ts).
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { db, rawRows } from "@/db";
import { posts } from "@/db/schema";
import { POST as createPost } from "@/app/api/posts/route";
import { PUT as updatePost } from "@/app/api/posts/[id]/route";
import { POST as pin } from "@/app/api/posts/[id]/pin/route";
import { POST as unpin } from "@/app/api/posts/[id]/unpin/route";
import { POST as close } from "@/app/api/posts/[id]/close/route";
import { POST as reopen } from "@/app/api/posts/[id]/reopen/route";
import { POST as approve } from "@/app/api/admin/posts/[id]/approve/route";
import { POST as reject } from "@/app/api/admin/posts/[id]/reject/route";
import { POST as createGroup } from "@/app/api/admin/groups/route";
import { POST as addMember } from "@/app/api/admin/groups/[id]/members/route";
import { GET as getModerators, PUT as putModerators } from "@/app/api/admin/categories/[id]/moderators/route";
import { memberPostPage } from "@/lib/cache/page-versions";
import { postActionsOn } from "@/lib/services/posts/post-actions";
import { asViewer, call, makeCategory, makeUser, type Handler, type TestUser } from "../helpers";

let admin: TestUser, catMod: TestUser, member: TestUser, author: TestUser;
let groupId = 0;
let mine = 0; // the moderated category
let other = 0; // a category the group does not moderate

const post = async (categoryId: number) => {
  const r = await call(createPost, "/api/posts", {
    token: author.token,
    body: { title: `Post ${randomBytes(3).toString("hex")}`, content: "Some words", categoryId },
  });
  expect(r.status, r.text).toBe(201);
  return r.body.id as number;
};
const act = (h: Handler, path: string, by: TestUser, id: number, body?: Record<string, unknown>) =>
  call(h, `/api/posts/${id}/${path}`, { token: by.token, params: { id: String(id) }, ...(body ? { body } : { method: "POST" }) });
const setModerators = (by: TestUser, categoryId: number, groupIds: number[]) =>
  call(putModerators, `/api/admin/categories/${categoryId}/moderators`, {
    method: "PUT",
    token: by.token,
    body: { groupIds },
    params: { id: String(categoryId) },
  });
const pending = async (categoryId: number) => {
  const id = await post(categoryId);
  await db.update(posts).set({ status: "PENDING" }).where(eq(posts.id, id));
  return id;
};

beforeAll(async () => {
  [admin, catMod, member, author] = await Promise.all([makeUser({ role: "ADMIN" }), makeUser(), makeUser(), makeUser()]);
  const g = await call(createGroup, "/api/admin/groups", { token: admin.token, body: { name: `Mods ${randomBytes(3).toString("hex")}` } });
  groupId = g.body.id;
  const m = await call(addMember, `/api/admin/groups/${groupId}/members`, {
    token: admin.token,
    body: { username: catMod.username },
    params: { id: String(groupId) },
  });
  expect(m.status, m.text).toBe(200);
  mine = (await makeCategory()).id;
  other = (await makeCategory()).id;
});

describe("category moderators (issue 57)", () => {
  it("admins set a category's moderating groups (audited); others may not; unknown groups are refused", async () => {
    expect((await setModerators(member, mine, [groupId])).status).toBe(403);
    expect((await setModerators(admin, mine, [groupId + 100_000])).status).toBe(400);
    const set = await setModerators(admin, mine, [groupId, groupId]);
    expect(set.status, set.text).toBe(200);
    expect(set.body.groups.map((g: { id: number }) => g.id)).toEqual([groupId]);
    const got = await call(getModerators, `/api/admin/categories/${mine}/moderators`, { token: admin.token, params: { id: String(mine) } });
    expect(got.body.groups.map((g: { id: number }) => g.id)).toEqual([groupId]);
    const audit = await rawRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from audit_logs where action = 'category.moderators' and target_id = ${mine}`,
    );
    expect(Number(audit[0]!.n)).toBe(1);
  });

  it("its members pin, close, review and move posts there, and only there", async () => {
    await setModerators(admin, mine, [groupId]);
    const a = await post(mine);
    const b = await post(other);

    // Pin: in their category, not elsewhere; a member outside the group nowhere.
    expect((await act(pin, "pin", catMod, a)).status).toBe(200);
    expect((await act(unpin, "unpin", catMod, a)).status).toBe(200);
    expect((await act(pin, "pin", catMod, b)).status).toBe(403);
    expect((await act(pin, "pin", member, a)).status).toBe(403);

    // Close: a staff close there (its author may not reopen it); not elsewhere.
    expect((await act(close, "close", catMod, a)).status).toBe(200);
    const byAuthor = await act(reopen, "reopen", author, a);
    expect(byAuthor.status).toBe(403);
    expect(byAuthor.body.code).toBe("staff_decision");
    expect((await act(reopen, "reopen", catMod, a)).status).toBe(200);
    expect((await act(close, "close", catMod, b)).status).toBe(403);

    // Review: approve and reject (which hides the post) pending posts there only.
    const pa = await pending(mine);
    const pb = await pending(other);
    const review = (h: Handler, verb: string, id: number) =>
      call(h, `/api/admin/posts/${id}/${verb}`, { method: "POST", token: catMod.token, params: { id: String(id) } });
    expect((await review(approve, "approve", pa)).status).toBe(200);
    // A pending post elsewhere is not even seen by them (404, as for any member).
    expect((await review(approve, "approve", pb)).status).toBe(404);
    const pa2 = await pending(mine);
    expect((await review(reject, "reject", pa2)).status).toBe(200);
    expect((await db.select({ s: posts.status }).from(posts).where(eq(posts.id, pa2)))[0]!.s).toBe("REJECTED");
    expect((await review(reject, "reject", pb)).status).toBe(404);

    // Move: out of their category (a change of category alone); not editing what the author wrote; not back from elsewhere.
    const edit = await call(updatePost, `/api/posts/${a}`, {
      method: "PUT",
      token: catMod.token,
      body: { title: "Rewritten by a moderator" },
      params: { id: String(a) },
    });
    expect(edit.status).toBe(403);
    const moved = await call(updatePost, `/api/posts/${a}`, {
      method: "PUT",
      token: catMod.token,
      body: { categoryId: other },
      params: { id: String(a) },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.category.id).toBe(other);
    const back = await call(updatePost, `/api/posts/${a}`, {
      method: "PUT",
      token: catMod.token,
      body: { categoryId: mine },
      params: { id: String(a) },
    });
    expect(back.status).toBe(403);

    // Once the group no longer moderates the category, nothing.
    await setModerators(admin, mine, []);
    const c = await post(mine);
    expect((await act(pin, "pin", catMod, c)).status).toBe(403);
  });

  it("the post page: rendered for them alone (not the members' shared page), with the buttons they may use", async () => {
    await setModerators(admin, mine, [groupId]);
    const a = await post(mine);
    const b = await post(other);
    expect((await memberPostPage(a, catMod.id)).shared).toBe(false);
    expect((await memberPostPage(b, catMod.id)).shared).toBe(true);
    expect((await memberPostPage(a, member.id)).shared).toBe(true);
    const on = await postActionsOn(asViewer(catMod), { authorId: author.id, categoryId: mine });
    expect([on.pin, on.close, on.review, on.edit, on.feature, on.moderate]).toEqual([true, true, true, false, false, false]);
    const off = await postActionsOn(asViewer(catMod), { authorId: author.id, categoryId: other });
    expect([off.pin, off.close, off.review]).toEqual([false, false, false]);
    await setModerators(admin, mine, []);
  });
});
