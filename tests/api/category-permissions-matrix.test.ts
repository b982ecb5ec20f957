// Issue 57: groups and per-category permissions, one rule on every read and write path. A post and a
// comment with unique words in a staff-only, a group-only and a read-only category, read by a visitor,
// a member, a group member, the group's owner (the reader standing for the category's moderators) and
// an admin on every path below (the matrix is data: a path is a row), then writes by each.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, rawRows } from "@/db";
import { sql } from "drizzle-orm";
import { GET as listPosts, POST as createPost } from "@/app/api/posts/route";
import { GET as recentPosts } from "@/app/api/posts/recent/route";
import { GET as rankingPosts } from "@/app/api/posts/ranking/route";
import { GET as latestReply } from "@/app/api/posts/latest-reply/route";
import { GET as postDetail, PUT as updatePost } from "@/app/api/posts/[id]/route";
import { GET as postComments, POST as createComment } from "@/app/api/posts/[id]/comments/route";
import { GET as postChangeLogs } from "@/app/api/posts/[id]/change-logs/route";
import { GET as searchGlobal } from "@/app/api/search/global/route";
import { GET as searchPosts } from "@/app/api/search/posts/route";
import { GET as rss } from "@/app/api/rss/route";
import { GET as categoryFeed } from "@/app/api/rss/categories/[id]/route";
import { GET as userPosts } from "@/app/api/users/[idOrUsername]/posts/route";
import { GET as userReplies } from "@/app/api/users/[idOrUsername]/replies/route";
import { GET as userActivity } from "@/app/api/users/[idOrUsername]/activity/route";
import { GET as listNotifications } from "@/app/api/notifications/route";
import { GET as listCategoriesRoute } from "@/app/api/categories/route";
import { GET as getCategoryRoute } from "@/app/api/categories/[id]/route";
import { GET as listTagsRoute } from "@/app/api/tags/route";
import { GET as adminGroups, POST as adminCreateGroup } from "@/app/api/admin/groups/route";
import { GET as adminGroup, PUT as adminUpdateGroup, DELETE as adminDeleteGroup } from "@/app/api/admin/groups/[id]/route";
import { POST as addMember } from "@/app/api/admin/groups/[id]/members/route";
import { DELETE as removeMember } from "@/app/api/admin/groups/[id]/members/[username]/route";
import { GET as publicGroup } from "@/app/api/groups/[id]/route";
import { GET as getPermissions, PUT as putPermissions } from "@/app/api/admin/categories/[id]/permissions/route";
import { canReceive, readOutbox, type LiveEvent } from "@/lib/live/events";
import { hiddenCategoryIds } from "@/lib/permissions/category-access";
import { asViewer, call, makeCategory, makeTag, makeUser, type TestUser } from "../helpers";

const word = (what: string) => `${what}${randomBytes(4).toString("hex")}`.replace(/[0-9]/g, (d) => "abcdefghij"[Number(d)]!);

type Space = "staff" | "group" | "readonly";
const SPACES: Space[] = ["staff", "group", "readonly"];
type ReaderName = "visitor" | "member" | "groupMember" | "categoryModerator" | "admin";
const READERS: ReaderName[] = ["visitor", "member", "groupMember", "categoryModerator", "admin"];

/** Who sees each space. */
const SEES: Record<Space, ReaderName[]> = {
  staff: ["admin"],
  group: ["groupMember", "categoryModerator", "admin"],
  readonly: READERS,
};

let admin: TestUser, member: TestUser, groupMember: TestUser, catMod: TestUser;
const user = (r: ReaderName): TestUser | undefined =>
  r === "visitor" ? undefined : { member, groupMember, categoryModerator: catMod, admin }[r];
const as = (r: ReaderName) => ({ token: user(r)?.token });

let groupId: number;
let tagId: number;
const cat: Record<Space, { id: number; name: string }> = {} as never;
const post: Record<Space, { id: number; word: string; commentWord: string; commentId: number }> = {} as never;
let firstEventId = 0;

async function text(h: Parameters<typeof call>[0], path: string, r: ReaderName, params?: Record<string, string>) {
  const res = await call(h, path, { ...as(r), params });
  return res.status === 200 ? res.text : "";
}

/** One row per path: what the reader gets there for a space, as text searched for the space's words. */
/** `anonymous`: the path is read without a sign-in whoever asks (feeds), so everyone gets the visitor's answer. */
type Row = { path: string; read: (r: ReaderName, s: Space) => Promise<string>; words?: "post" | "comment" | "title"; anonymous?: boolean };
const ROWS: Row[] = [
  { path: "GET /api/posts", read: (r) => text(listPosts, "/api/posts?pageSize=100", r) },
  { path: "GET /api/posts?categoryId", read: (r, s) => text(listPosts, `/api/posts?categoryId=${cat[s].id}`, r) },
  { path: "GET /api/posts/recent", read: (r) => text(recentPosts, "/api/posts/recent?minutes=60", r) },
  { path: "GET /api/posts/ranking", read: (r) => text(rankingPosts, "/api/posts/ranking", r) },
  { path: "GET /api/posts/latest-reply", read: (r) => text(latestReply, "/api/posts/latest-reply", r) },
  { path: "GET /api/posts/{id}", read: (r, s) => text(postDetail, `/api/posts/${post[s].id}`, r, { id: String(post[s].id) }) },
  {
    path: "GET /api/posts/{id}/comments",
    words: "comment",
    read: (r, s) => text(postComments, `/api/posts/${post[s].id}/comments`, r, { id: String(post[s].id) }),
  },
  {
    path: "GET /api/posts/{id}/change-logs",
    words: "title",
    read: (r, s) => text(postChangeLogs, `/api/posts/${post[s].id}/change-logs`, r, { id: String(post[s].id) }),
  },
  { path: "GET /api/search/global (post)", read: (r, s) => text(searchGlobal, `/api/search/global?keyword=${post[s].word}`, r) },
  {
    path: "GET /api/search/global (comment)",
    words: "comment",
    read: (r, s) => text(searchGlobal, `/api/search/global?keyword=${post[s].commentWord}`, r),
  },
  { path: "GET /api/search/posts", read: (r, s) => text(searchPosts, `/api/search/posts?keyword=${post[s].word}`, r) },
  { path: "GET /api/rss", anonymous: true, read: (r) => text(rss, "/api/rss", r) },
  {
    path: "GET /api/rss/categories/{id}",
    anonymous: true,
    read: (r, s) => text(categoryFeed, `/api/rss/categories/${cat[s].id}`, r, { id: String(cat[s].id) }),
  },
  {
    path: "GET /api/users/{admin}/posts",
    read: (r) => text(userPosts, `/api/users/${admin.id}/posts`, r, { idOrUsername: String(admin.id) }),
  },
  {
    path: "GET /api/users/{admin}/replies",
    words: "comment",
    read: (r) => text(userReplies, `/api/users/${admin.id}/replies`, r, { idOrUsername: String(admin.id) }),
  },
  {
    path: "GET /api/users/{admin}/activity",
    words: "title",
    read: (r) => text(userActivity, `/api/users/${admin.id}/activity`, r, { idOrUsername: String(admin.id) }),
  },

  // The admin's comments mention every reader: a notification is there only where the reader may see the post.
  {
    path: "GET /api/notifications",
    words: "title",
    read: (r) => (r === "visitor" ? Promise.resolve("") : text(listNotifications, "/api/notifications", r)),
  },
  {
    path: "GET /api/categories",
    words: "title",
    read: (r, s) => text(listCategoriesRoute, "/api/categories", r).then((t) => (t.includes(cat[s].name) ? post[s].word : "")),
  },
  {
    path: "GET /api/categories/{id}",
    read: async (r, s) =>
      (await text(getCategoryRoute, `/api/categories/${cat[s].id}`, r, { id: String(cat[s].id) })) ? post[s].word : "",
  },
  {
    path: "live events (replay filter)",
    read: async (r, s) => {
      const u = user(r);
      const viewer = u ? asViewer(u) : null;
      const hidden = new Set(await hiddenCategoryIds(viewer));
      const { events } = await readOutbox(firstEventId);
      const got = events.filter((e: LiveEvent) => e.postId === post[s].id && canReceive(viewer, e, hidden));
      return got.length ? post[s].word : "";
    },
  },
];

beforeAll(async () => {
  admin = await makeUser({ role: "ADMIN" });
  member = await makeUser();
  groupMember = await makeUser();
  catMod = await makeUser();
  firstEventId = Number((await rawRows<{ id: number }>(db, sql`select coalesce(max(id), 0)::int as id from events`))[0]!.id);
  const g = await call(adminCreateGroup, "/api/admin/groups", {
    token: admin.token,
    body: { name: word("Design"), description: "the design team" },
  });
  expect(g.status, g.text).toBe(201);
  groupId = g.body.id;
  for (const [u, owner] of [
    [groupMember, false],
    [catMod, true],
  ] as const) {
    const m = await call(addMember, `/api/admin/groups/${groupId}/members`, {
      token: admin.token,
      body: { username: u.username, owner },
      params: { id: String(groupId) },
    });
    expect(m.status, m.text).toBe(200);
  }
  tagId = (await makeTag(word("tag"))).id;
  const rules: Record<Space, Record<string, string[]>> = {
    staff: { see: ["staff"] },
    group: { see: [`group:${groupId}`], post: [`group:${groupId}`], reply: [`group:${groupId}`] },
    readonly: { post: ["staff"], reply: ["staff"] },
  };
  for (const s of SPACES) {
    const c = await makeCategory(word(`space${s}`));
    cat[s] = { id: c.id, name: c.name };
    const p = await call(putPermissions, `/api/admin/categories/${c.id}/permissions`, {
      method: "PUT",
      token: admin.token,
      body: rules[s],
      params: { id: String(c.id) },
    });
    expect(p.status, p.text).toBe(200);
    const w = word("post");
    const created = await call(createPost, "/api/posts", {
      token: admin.token,
      body: { title: `Title ${w}`, content: `Body ${w}`, categoryId: c.id, tagIds: [tagId] },
    });
    expect(created.status, created.text).toBe(201);
    const cw = word("comment");
    const mentions = [member, groupMember, catMod].map((u) => `@${u.username}`).join(" ");
    const cm = await call(createComment, `/api/posts/${created.body.id}/comments`, {
      token: admin.token,
      body: { content: `Reply ${cw} ${mentions}` },
      params: { id: String(created.body.id) },
    });
    expect(cm.status, cm.text).toBe(201);
    post[s] = { id: created.body.id, word: w, commentWord: cw, commentId: cm.body.id };
    // A title change, so the post has a change log naming the word.
    const ed = await call(updatePost, `/api/posts/${created.body.id}`, {
      method: "PUT",
      token: admin.token,
      body: { title: `Title ${w} edited` },
      params: { id: String(created.body.id) },
    });
    expect(ed.status, ed.text).toBe(200);
  }
});

afterAll(async () => {
  // Leave the other test files' lists as they were: the permissions go with the categories' rows.
  await db.execute(
    sql`delete from category_permissions where category_id in (${sql.join(
      SPACES.map((s) => sql`${cat[s]?.id ?? 0}::int`),
      sql`, `,
    )})`,
  );
});

describe("category permissions: every read path, every reader (issue 57)", () => {
  for (const row of ROWS) {
    for (const s of SPACES) {
      it(`${row.path} · ${s}`, async () => {
        const results: Record<string, boolean> = {};
        const expected: Record<string, boolean> = {};
        for (const r of READERS) {
          const got = await row.read(r, s);
          const w = row.words === "comment" ? post[s].commentWord : post[s].word;
          results[r] = got.includes(w);
          expected[r] = SEES[s].includes(row.anonymous ? "visitor" : r);
        }
        // Notifications: the admin is the author and mentions the others, so the admin has none of its own,
        // and a visitor has no notifications at all.
        if (row.path === "GET /api/notifications")
          for (const r of ["admin", "visitor"]) {
            delete results[r];
            delete expected[r];
          }
        expect(results).toEqual(expected);
      });
    }
  }

  it("the feed of a category a visitor may not see is a 404, as a missing one's, without its name", async () => {
    for (const space of ["staff", "group"] as const) {
      const r = await call(categoryFeed, `/api/rss/categories/${cat[space].id}`, { params: { id: String(cat[space].id) } });
      expect(r.status, space).toBe(404);
      expect(r.text).not.toContain(cat[space].name);
    }
    const open = await call(categoryFeed, `/api/rss/categories/${cat.readonly.id}`, { params: { id: String(cat.readonly.id) } });
    expect(open.status).toBe(200);
    expect(open.text).toContain(cat.readonly.name);
  });

  it("tag counts leave out what the reader may not see", async () => {
    const counts: Record<string, number> = {};
    for (const r of READERS) {
      const t = await call(listTagsRoute, "/api/tags?pageSize=100&keyword=tag", as(r));
      counts[r] = (t.body as { id: number; count: number }[]).find((x) => x.id === tagId)?.count ?? -1;
    }
    expect(counts).toEqual({ visitor: 1, member: 1, groupMember: 2, categoryModerator: 2, admin: 3 });
  });
});

describe("writes: allowed or 403 category_forbidden", () => {
  const POST_OK: Record<Space, ReaderName[]> = {
    staff: ["admin"],
    group: ["groupMember", "categoryModerator", "admin"],
    readonly: ["admin"],
  };
  for (const s of SPACES) {
    for (const r of READERS.filter((x) => x !== "visitor")) {
      it(`${r} posts and replies in ${s}`, async () => {
        const p = await call(createPost, "/api/posts", {
          ...as(r),
          body: { title: `W ${word("w")}`, content: "write test", categoryId: cat[s].id, tagIds: [tagId] },
        });
        const c = await call(createComment, `/api/posts/${post[s].id}/comments`, {
          ...as(r),
          body: { content: `write test ${word("c")}` },
          params: { id: String(post[s].id) },
        });
        if (POST_OK[s].includes(r)) {
          expect(p.status, p.text).toBe(201);
          expect(c.status, c.text).toBe(201);
        } else if (SEES[s].includes(r)) {
          expect([p.status, p.body.code, c.status, c.body.code]).toEqual([403, "category_forbidden", 403, "category_forbidden"]);
        } else {
          // Not even seen: the category and its posts are not revealed.
          expect([p.status, c.status]).toEqual([404, 404]);
        }
      });
    }
  }
  it("a visitor cannot write anywhere (401)", async () => {
    const p = await call(createPost, "/api/posts", { body: { title: "x", content: "y", categoryId: cat.readonly.id, tagIds: [tagId] } });
    expect(p.status).toBe(401);
  });

  it("moving a post into a restricted category hides it at once; a member cannot move a post there", async () => {
    const free = await makeCategory(word("free"));
    const w = word("moved");
    const p = await call(createPost, "/api/posts", {
      token: member.token,
      body: { title: `T ${w}`, content: w, categoryId: free.id, tagIds: [tagId] },
    });
    expect(p.status, p.text).toBe(201);
    const seen = async () => (await text(listPosts, "/api/posts?pageSize=100", "visitor")).includes(w);
    expect(await seen()).toBe(true);
    const refused = await call(updatePost, `/api/posts/${p.body.id}`, {
      method: "PUT",
      token: member.token,
      body: { categoryId: cat.readonly.id },
      params: { id: String(p.body.id) },
    });
    expect([refused.status, refused.body.code]).toEqual([403, "category_forbidden"]);
    const moved = await call(updatePost, `/api/posts/${p.body.id}`, {
      method: "PUT",
      token: admin.token,
      body: { categoryId: cat.staff.id },
      params: { id: String(p.body.id) },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(await seen()).toBe(false);
    expect((await call(postDetail, `/api/posts/${p.body.id}`, { token: member.token, params: { id: String(p.body.id) } })).status).toBe(
      404,
    );
  });
});

describe("groups API", () => {
  it("lists, shows, renames, audits and deletes; members only by admins or owners", async () => {
    const list = await call(adminGroups, "/api/admin/groups", { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.some((g: { id: number }) => g.id === groupId)).toBe(true);
    const one = await call(adminGroup, `/api/admin/groups/${groupId}`, { token: admin.token, params: { id: String(groupId) } });
    expect(one.body.members.map((m: { username: string; owner: boolean }) => [m.username, m.owner]).sort()).toEqual(
      [
        [groupMember.username, false],
        [catMod.username, true],
      ].sort(),
    );
    expect((await call(adminGroups, "/api/admin/groups", { token: member.token })).status).toBe(403);
    // The owner adds and removes a member; a member who is not an owner may not; only admins make owners.
    const byOwner = await call(addMember, `/api/admin/groups/${groupId}/members`, {
      token: catMod.token,
      body: { username: member.username },
      params: { id: String(groupId) },
    });
    expect(byOwner.status, byOwner.text).toBe(200);
    const ownerMakesOwner = await call(addMember, `/api/admin/groups/${groupId}/members`, {
      token: catMod.token,
      body: { username: member.username, owner: true },
      params: { id: String(groupId) },
    });
    expect(ownerMakesOwner.status).toBe(403);
    const byMember = await call(removeMember, `/api/admin/groups/${groupId}/members/${catMod.username}`, {
      method: "DELETE",
      token: groupMember.token,
      params: { id: String(groupId), username: catMod.username },
    });
    expect(byMember.status).toBe(403);
    const removed = await call(removeMember, `/api/admin/groups/${groupId}/members/${member.username}`, {
      method: "DELETE",
      token: catMod.token,
      params: { id: String(groupId), username: member.username },
    });
    expect(removed.status).toBe(204);
    // GET /api/groups/{id}: visible to members by default, not to visitors.
    expect((await call(publicGroup, `/api/groups/${groupId}`, { token: member.token, params: { id: String(groupId) } })).status).toBe(200);
    expect((await call(publicGroup, `/api/groups/${groupId}`, { params: { id: String(groupId) } })).status).toBe(404);
    const dup = await call(adminCreateGroup, "/api/admin/groups", { token: admin.token, body: { name: one.body.name.toUpperCase() } });
    expect(dup.status).toBe(409);
    const bad = await call(putPermissions, `/api/admin/categories/${cat.group.id}/permissions`, {
      method: "PUT",
      token: admin.token,
      body: { see: ["group:abc"] },
      params: { id: String(cat.group.id) },
    });
    expect(bad.status).toBe(400);
    const perms = await call(getPermissions, `/api/admin/categories/${cat.group.id}/permissions`, {
      token: admin.token,
      params: { id: String(cat.group.id) },
    });
    expect(perms.body.see).toEqual([{ principal: `group:${groupId}`, label: one.body.name }]);
    expect(perms.body.defaults).toEqual({ see: false, post: false, reply: false });
    const audit = await rawRows<{ action: string }>(db, sql`select action from audit_logs where actor_id = ${admin.id} order by id`);
    const actions = new Set(audit.map((a) => a.action));
    for (const a of ["group.create", "group.member_add", "category.permissions"]) expect(actions.has(a), a).toBe(true);
    const renamed = await call(adminUpdateGroup, `/api/admin/groups/${groupId}`, {
      method: "PUT",
      token: admin.token,
      body: { name: `${one.body.name} renamed` },
      params: { id: String(groupId) },
    });
    expect(renamed.status).toBe(200);
    // A throwaway group deleted takes its permission rows with it.
    const tmp = await call(adminCreateGroup, "/api/admin/groups", { token: admin.token, body: { name: word("Temp") } });
    const del = await call(adminDeleteGroup, `/api/admin/groups/${tmp.body.id}`, {
      method: "DELETE",
      token: admin.token,
      params: { id: String(tmp.body.id) },
    });
    expect(del.status).toBe(204);
  });
});
