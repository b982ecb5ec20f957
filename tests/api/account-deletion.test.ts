// Deleting an account (issue 60 item 4, the deletion half): DELETE /api/users/me and the admin's
// DELETE /api/admin/users/{id}/account. The account is anonymised at once, its sign-ins end, its old
// name leads nowhere in any search path, and the name is held for a cooldown.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db";
import { apiTokens, comments, posts, releasedUsernames, userSessions, users } from "@/db/schema";
import { DELETE as deleteMe, GET as me } from "@/app/api/users/me/route";
import { DELETE as adminDelete } from "@/app/api/admin/users/[id]/account/route";
import { POST as register } from "@/app/api/auth/register/route";
import { POST as login } from "@/app/api/auth/login/route";
import { GET as searchUsers } from "@/app/api/search/users/route";
import { GET as suggest } from "@/app/api/users/suggest/route";
import { GET as profile } from "@/app/api/users/[idOrUsername]/route";
import { GET as searchPosts } from "@/app/api/search/posts/route";
import { GET as searchGlobal } from "@/app/api/search/global/route";
import { GET as adminUsers } from "@/app/api/admin/users/route";
import { POST as postComment } from "@/app/api/posts/[id]/comments/route";
import { GET as listNotifications } from "@/app/api/notifications/route";
import { GET as rss } from "@/app/api/rss/route";
import { searchEverything } from "@/lib/services/search/everything";
import { searchPostsQuerySchema } from "@/lib/validation/search";
import { peerHeaders } from "@/lib/api/client-ip";
import { releasedNameHash } from "@/lib/services/shared/released-names";
import { asViewer, call, makeUser, sessionCookie, insertComment, insertPost } from "../helpers";

let ip = 0;
const nextIp = () => peerHeaders(`203.0.113.${++ip}`);

const postBy = insertPost;
const commentBy = insertComment;

describe("DELETE /api/users/me", () => {
  it("anonymises at once, ends every sign-in, keeps posts under the deleted name", async () => {
    const u = await makeUser({ username: "del_keep", password: "right-password" });
    const { cookie } = await sessionCookie(u.id);
    const post = await postBy(u.id, "A kept post by del_keep");
    const other = await makeUser({ username: "del_keep_friend" });
    const c = await commentBy(u.id, post.id, "a kept comment");
    await commentBy(other.id, post.id, "hello @del_keep");

    const wrong = await call(deleteMe, "/api/users/me", {
      method: "DELETE",
      token: u.token,
      headers: nextIp(),
      body: { password: "nope-nope", content: "keep" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe("password");
    const bad = await call(deleteMe, "/api/users/me", {
      method: "DELETE",
      token: u.token,
      body: { password: "right-password", content: "some" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("content");

    const r = await call(deleteMe, "/api/users/me", {
      method: "DELETE",
      token: u.token,
      headers: nextIp(),
      body: { password: "right-password", content: "keep" },
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ deleted: true, username: `deleted-${u.id}`, postsRemoved: 0, commentsRemoved: 0 });

    const [row] = await db.select().from(users).where(eq(users.id, u.id));
    expect(row).toMatchObject({ username: `deleted-${u.id}`, displayName: null, passwordHash: null, avatar: "", introduction: "" });
    expect(row!.email).not.toContain("del_keep");
    // The token and the cookie of the deleted account stop at once.
    expect((await call(me, "/api/users/me", { token: u.token })).status).toBe(401);
    expect((await call(me, "/api/users/me", { headers: { cookie } })).status).toBe(401);
    expect((await db.select().from(apiTokens).where(eq(apiTokens.userId, u.id))).every((t) => t.revokedAt)).toBe(true);
    expect((await db.select().from(userSessions).where(eq(userSessions.userId, u.id))).every((s) => s.revokedAt)).toBe(true);
    // Kept content stays, under the new name.
    expect(await db.select().from(posts).where(eq(posts.id, post.id))).toHaveLength(1);
    expect((await db.select().from(comments).where(eq(comments.id, c.id)))[0]!.content).toBe("a kept comment");
    // No sign-in with the old name or address.
    const signIn = await call(login, "/api/auth/login", {
      method: "POST",
      headers: nextIp(),
      body: { username: "del_keep", password: "right-password" },
    });
    expect(signIn.status).toBe(401);
  });

  it("content remove deletes the posts and empties the comments", async () => {
    const u = await makeUser({ username: "del_remove", password: "right-password" });
    const other = await makeUser({ username: "del_remove_other" });
    const own = await postBy(u.id, "Removed post of del_remove");
    const elsewhere = await postBy(other.id, "Someone else's post");
    const c = await commentBy(u.id, elsewhere.id, "my words on that");
    const reply = await commentBy(other.id, elsewhere.id, "a reply that stays");
    const r = await call(deleteMe, "/api/users/me", {
      method: "DELETE",
      token: u.token,
      headers: nextIp(),
      body: { password: "right-password", content: "remove" },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ postsRemoved: 1, commentsRemoved: 1 });
    expect(await db.select().from(posts).where(eq(posts.id, own.id))).toHaveLength(0);
    const [gone] = await db.select().from(comments).where(eq(comments.id, c.id));
    expect(gone!.deletedAt).not.toBeNull();
    expect(gone!.content).toBe("");
    expect((await db.select().from(comments).where(eq(comments.id, reply.id)))[0]!.content).toBe("a reply that stays");
    expect(await db.select().from(posts).where(eq(posts.id, elsewhere.id))).toHaveLength(1);
  });

  it("the old name is found by no search path: user search, mention suggestions, profiles, post search by author, admin search", async () => {
    const u = await makeUser({ username: "del_findme", password: "right-password" });
    await postBy(u.id, "Findable title zebra", "zebra words");
    const admin = await makeUser({ username: "del_search_admin", role: "ADMIN" });
    const viewer = await makeUser({ username: "del_search_viewer" });
    // Before: each path finds the member (so the checks below can fail).
    expect(JSON.stringify((await call(searchUsers, "/api/search/users?keyword=del_findme", { token: viewer.token })).body)).toContain(
      "del_findme",
    );
    expect((await call(profile, "/api/users/del_findme", { params: { idOrUsername: "del_findme" } })).status).toBe(200);

    expect(
      (
        await call(deleteMe, "/api/users/me", {
          method: "DELETE",
          token: u.token,
          headers: nextIp(),
          body: { password: "right-password", content: "keep" },
        })
      ).status,
    ).toBe(200);

    for (const path of ["/api/search/users?keyword=del_findme", "/api/search/users?keyword=del_findme%40example.test"]) {
      const r = await call(searchUsers, path, { token: viewer.token });
      expect(r.status).toBe(200);
      expect(JSON.stringify(r.body)).not.toContain("del_findme");
    }
    const s = await call(suggest, "/api/users/suggest?prefix=del_find", { token: viewer.token });
    expect(JSON.stringify(s.body)).not.toContain("del_findme");
    expect((await call(profile, "/api/users/del_findme", { params: { idOrUsername: "del_findme" } })).status).toBe(404);
    const byAuthor = await call(searchPosts, "/api/search/posts?keyword=zebra&author=del_findme", { token: viewer.token });
    expect(byAuthor.status).toBe(200);
    expect(JSON.stringify(byAuthor.body)).not.toContain("Findable title zebra");
    const anywhere = await call(searchPosts, "/api/search/posts?keyword=zebra", { token: viewer.token });
    expect(JSON.stringify(anywhere.body)).not.toContain("del_findme");
    for (const kw of ["del_findme", "zebra"]) {
      const g = await call(searchGlobal, `/api/search/global?keyword=${kw}`, { token: viewer.token });
      expect(g.status).toBe(200);
      expect(JSON.stringify(g.body)).not.toContain("del_findme");
    }
    const adminList = await call(adminUsers, "/api/admin/users?q=del_findme", { token: admin.token });
    expect(adminList.status).toBe(200);
    expect(JSON.stringify(adminList.body)).not.toContain("del_findme");
    // The names table holds a hash only.
    expect(JSON.stringify(await db.select().from(releasedUsernames))).not.toContain("del_findme");
  });

  it("the old name is in no search path (global, posts, comments, users, mention suggestions), no mention, notification or feed", async () => {
    const u = await makeUser({ username: "del_everywhere", password: "right-password" });
    const friend = await makeUser({ username: "del_everywhere_friend" });
    const viewer = await makeUser({ username: "del_everywhere_viewer" });
    const own = await postBy(u.id, "Quokka habits, a field guide", "quokka words, signed by nobody");
    await db.update(posts).set({ status: "PUBLISHED" }).where(eq(posts.id, own.id));
    const theirs = await postBy(friend.id, "Friend's quokka thread", "a quokka thread");
    // Through the API, so the mention makes a notification for the friend.
    const c = await call(postComment, `/api/posts/${theirs.id}/comments`, {
      token: u.token,
      params: { id: String(theirs.id) },
      body: { content: "quokka reply to @del_everywhere_friend" },
    });
    expect(c.status).toBe(201);
    await commentBy(friend.id, theirs.id, "thanks @del_everywhere, and @DEL_EVERYWHERE again; not @del_everywhere_friend");

    const searches = async () => {
      const hits: unknown[] = [];
      for (const kw of ["del_everywhere", "quokka"]) {
        hits.push((await call(searchGlobal, `/api/search/global?keyword=${kw}`, { token: viewer.token })).body);
        hits.push((await call(searchPosts, `/api/search/posts?keyword=${kw}`, { token: viewer.token })).body);
        hits.push((await call(searchUsers, `/api/search/users?keyword=${kw}`, { token: viewer.token })).body);
        const q = searchPostsQuerySchema.parse({ keyword: kw });
        hits.push(await searchEverything(asViewer(viewer), { ...q, kind: "comments", exact: true }));
        hits.push(await searchEverything(asViewer(viewer), { ...q, kind: "all", exact: true }));
      }
      hits.push((await call(searchPosts, "/api/search/posts?keyword=quokka&author=del_everywhere", { token: viewer.token })).body);
      hits.push((await call(suggest, "/api/users/suggest?prefix=del_every", { token: viewer.token })).body);
      hits.push((await call(suggest, `/api/users/suggest?prefix=del_every&postId=${theirs.id}`, { token: viewer.token })).body);
      return JSON.stringify(hits);
    };
    const feed = async () => (await rss(new Request("http://localhost:3000/api/rss"), { params: Promise.resolve({}) })).text();
    const friendsNotifications = async () =>
      JSON.stringify((await call(listNotifications, "/api/notifications", { token: friend.token })).body);
    // Before: the name is found (so the checks below can fail).
    const before = await searches();
    expect(before.match(/del_everywhere(?!_)/g)?.length ?? 0).toBeGreaterThan(3);
    expect(await friendsNotifications()).toMatch(/del_everywhere(?!_)/);

    expect(
      (
        await call(deleteMe, "/api/users/me", {
          method: "DELETE",
          token: u.token,
          headers: nextIp(),
          body: { password: "right-password", content: "keep" },
        })
      ).status,
    ).toBe(200);

    const after = await searches();
    expect(after).not.toMatch(/del_everywhere(?!_)/i);
    expect(after).not.toContain("del_everywhere@example.test");
    // The deleted account itself is no one to find or to mention.
    for (const prefix of ["deleted", `deleted-${u.id}`]) {
      const s2 = await call(suggest, `/api/users/suggest?prefix=${prefix}`, { token: viewer.token });
      expect(JSON.stringify(s2.body)).not.toContain(`deleted-${u.id}`);
    }
    expect(
      JSON.stringify((await call(searchUsers, `/api/search/users?keyword=deleted-${u.id}`, { token: viewer.token })).body),
    ).not.toContain(`deleted-${u.id}`);
    // Kept comments are found by their words, under the deleted name.
    const kept = await searchEverything(asViewer(viewer), {
      ...searchPostsQuerySchema.parse({ keyword: "quokka" }),
      kind: "comments",
      exact: true,
    });
    expect(JSON.stringify(kept)).toContain(`deleted-${u.id}`);
    // Other members' mentions now name the deleted account; a longer name is left alone.
    const [mention] = await db.select().from(comments).where(eq(comments.authorId, friend.id));
    expect(mention!.content).toBe(`thanks @deleted-${u.id}, and @deleted-${u.id} again; not @del_everywhere_friend`);
    // The friend's notification of the mention names the deleted account.
    const notes = await friendsNotifications();
    expect(notes).not.toMatch(/del_everywhere(?!_)/);
    expect(notes).toContain(`deleted-${u.id}`);
    // The feed names a deleted member, with no profile link.
    const xml = await feed();
    expect(xml).toContain("Quokka habits, a field guide");
    expect(xml).not.toMatch(/del_everywhere(?!_)/);
    expect(xml).toContain("<dc:creator>deleted member</dc:creator>");
    // Nobody may take a deleted account's name shape.
    const taken = await call(register, "/api/auth/register", {
      method: "POST",
      headers: nextIp(),
      body: { username: `deleted-${u.id + 1000}`, email: "shape@example.test", password: "password-1" },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.field).toBe("username");
  });

  it("the name is held for a cooldown, then anyone may register it; the address is free at once", async () => {
    const u = await makeUser({ username: "del_cool", password: "right-password" });
    expect(
      (
        await call(deleteMe, "/api/users/me", {
          method: "DELETE",
          token: u.token,
          headers: nextIp(),
          body: { password: "right-password", content: "keep" },
        })
      ).status,
    ).toBe(200);
    const reg = (username: string) =>
      call(register, "/api/auth/register", {
        method: "POST",
        headers: nextIp(),
        body: { username, email: `${username}-new@example.test`, password: "password-1" },
      });
    const held = await reg("DEL_COOL");
    expect(held.status).toBe(409);
    expect(held.body.field).toBe("username");
    await db
      .update(releasedUsernames)
      .set({ releasedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(releasedUsernames.nameHash, releasedNameHash("del_cool")));
    expect((await reg("del_cool")).status).toBe(201);
    // The address is free at once.
    const again = await call(register, "/api/auth/register", {
      method: "POST",
      headers: nextIp(),
      body: { username: "del_cool_two", email: "del_cool@example.test", password: "password-1" },
    });
    expect(again.status).toBe(201);
  });

  it("anonymous callers get 401; a read-only token 403; a cross-origin cookie write 403; nothing changes", async () => {
    expect((await call(deleteMe, "/api/users/me", { method: "DELETE", body: { password: "x", content: "keep" } })).status).toBe(401);
    const ro = await makeUser({ username: "del_readonly", scopes: ["read"], password: "right-password" });
    expect(
      (await call(deleteMe, "/api/users/me", { method: "DELETE", token: ro.token, body: { password: "right-password", content: "keep" } }))
        .status,
    ).toBe(403);
    const { cookie } = await sessionCookie(ro.id);
    const cross = await call(deleteMe, "/api/users/me", {
      method: "DELETE",
      headers: { cookie, origin: "https://evil.example" },
      body: { password: "right-password", content: "keep" },
    });
    expect(cross.status).toBe(403);
    expect((await db.select().from(users).where(eq(users.id, ro.id)))[0]!.username).toBe("del_readonly");
  });
});

describe("DELETE /api/admin/users/{id}/account", () => {
  it("an admin deletes a member's account (audited); a moderator or member gets 403; an admin's account is refused", async () => {
    const admin = await makeUser({ username: "del_adm", role: "ADMIN" });
    const otherAdmin = await makeUser({ username: "del_adm2", role: "ADMIN" });
    const mod = await makeUser({ username: "del_mod", role: "MODERATOR" });
    const target = await makeUser({ username: "del_target" });
    const member = await makeUser({ username: "del_member" });
    const del = (token: string | undefined, id: number) =>
      call(adminDelete, `/api/admin/users/${id}/account`, {
        method: "DELETE",
        token,
        params: { id: String(id) },
        body: { content: "remove" },
      });
    expect((await del(undefined, target.id)).status).toBe(401);
    expect((await del(member.token, target.id)).status).toBe(403);
    expect((await del(mod.token, target.id)).status).toBe(403);
    expect((await del(admin.token, otherAdmin.id)).status).toBe(403);
    expect((await del(admin.token, 999999)).status).toBe(404);
    expect((await db.select().from(users).where(eq(users.id, target.id)))[0]!.username).toBe("del_target");
    const r = await del(admin.token, target.id);
    expect(r.status).toBe(200);
    expect(r.body.username).toBe(`deleted-${target.id}`);
    expect((await call(me, "/api/users/me", { token: target.token })).status).toBe(401);
    const { auditLogs } = await import("@/db/schema");
    const logs = await db.select().from(auditLogs).where(eq(auditLogs.action, "user.delete"));
    expect(logs).toHaveLength(1);
    expect(JSON.stringify(logs)).not.toContain("del_target");
  });
});
