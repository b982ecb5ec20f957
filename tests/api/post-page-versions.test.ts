import { describe, expect, it } from "vitest";
import { POST as preview } from "@/app/api/markdown/preview/route";
import { POST as createPostRoute } from "@/app/api/posts/route";
import { POST as createComment } from "@/app/api/posts/[id]/comments/route";
import { POST as reactComment } from "@/app/api/comments/[id]/reactions/route";
import { POST as readAll } from "@/app/api/notifications/read-all/route";
import { PUT as updateMe } from "@/app/api/users/me/route";
import { PUT as editCategory } from "@/app/api/categories/[id]/route";
import { memberPostPage, pagesChanged, postPageVersion } from "@/lib/cache/page-versions";
import { db } from "@/db";
import { comments } from "@/db/schema";
import { changed } from "@/lib/changes/announce";
import { call, makeCategory, makeTag, makeUser, type TestUser } from "../helpers";

// Cached post pages are checked against their own post's version and the "everything" version
// (lib/cache/page-versions.ts): a write changes the versions of exactly the post pages it can change.
async function newPost(u: TestUser, categoryId: number, tagId: number, title: string): Promise<number> {
  const r = await call(createPostRoute, "/api/posts", {
    token: u.token,
    body: { title, content: "text", categoryId, tagIds: [tagId] },
  });
  expect(r.status).toBe(201);
  return r.body.id as number;
}

/** A member with two posts in a new category and tag. */
async function twoPosts(titles: [string, string]) {
  const u = await makeUser();
  const cat = await makeCategory();
  const tag = await makeTag();
  return { u, cat, a: await newPost(u, cat.id, tag.id, titles[0]), b: await newPost(u, cat.id, tag.id, titles[1]) };
}

describe("post page versions", () => {
  it("a comment, and a reaction on a comment, change their own post's page version and no other", async () => {
    const { u, a, b } = await twoPosts(["Page A", "Page B"]);
    const a0 = await postPageVersion(a);
    const b0 = await postPageVersion(b);

    const c = await call(createComment, `/api/posts/${a}/comments`, {
      token: u.token,
      params: { id: String(a) },
      body: { content: "on A" },
    });
    expect(c.status).toBe(201);
    const a1 = await postPageVersion(a);
    expect(a1).not.toBe(a0);
    expect(await postPageVersion(b)).toBe(b0);

    // The reaction announces only the comment: its post is looked up.
    const other = await makeUser();
    const r = await call(reactComment, `/api/comments/${c.body.id}/reactions`, {
      token: other.token,
      params: { id: String(c.body.id) },
      body: { type: "LIKE" },
    });
    expect(r.status).toBe(200);
    expect(await postPageVersion(a)).not.toBe(a1);
    expect(await postPageVersion(b)).toBe(b0);
  });

  it("a preview or a member's own notifications change no post page; a renamed member or category changes every one", async () => {
    const { u, cat, a, b } = await twoPosts(["Page C", "Page D"]);
    const before = [await postPageVersion(a), await postPageVersion(b)];

    expect((await call(preview, "/api/markdown/preview", { token: u.token, body: { markdown: "*typing*" } })).status).toBe(200);
    expect((await call(readAll, "/api/notifications/read-all", { token: u.token })).status).toBeLessThan(300);
    expect([await postPageVersion(a), await postPageVersion(b)]).toEqual(before);

    const renamed = await call(updateMe, "/api/users/me", { method: "PUT", token: u.token, body: { username: `renamed${u.id}` } });
    expect(renamed.status).toBe(200);
    const afterRename = [await postPageVersion(a), await postPageVersion(b)];
    expect(afterRename[0]).not.toBe(before[0]);
    expect(afterRename[1]).not.toBe(before[1]);

    const admin = await makeUser({ role: "ADMIN" });
    const edited = await call(editCategory, `/api/categories/${cat.id}`, {
      method: "PUT",
      token: admin.token,
      params: { id: String(cat.id) },
      body: { name: `${cat.name}-2` },
    });
    expect(edited.status).toBe(200);
    expect(await postPageVersion(a)).not.toBe(afterRename[0]);
    expect(await postPageVersion(b)).not.toBe(afterRename[1]);
  });

  it("tells which post pages a set of changes reaches", () => {
    expect(pagesChanged([changed("comment", 5), changed("post", 2), changed("account", 9)])).toEqual({ postIds: [2], commentIds: [5] });
    expect(pagesChanged([changed("poll", 3), changed("lottery", 4), changed("reaction")])).toEqual({ postIds: [3, 4], commentIds: [] });
    expect(pagesChanged([changed("notification", 1), changed("token", 2), changed("point-good")])).toEqual({ postIds: [], commentIds: [] });
    expect(pagesChanged([changed("post", 1), changed("user", 2)])).toBe("all");
    expect(pagesChanged([changed("tag", 7)])).toBe("all");
    expect(pagesChanged([changed("post")])).toBe("all"); // which post is not known
  });

  it("a post page members share is not served to its author, nor to a member with a hidden comment on it", async () => {
    const { u: author, a, b } = await twoPosts(["Shared A", "Shared B"]);
    const reader = await makeUser();
    const hidden = await makeUser();
    await db.insert(comments).values([
      { postId: a, authorId: hidden.id, content: "hidden by staff", hiddenAt: new Date() },
      { postId: b, authorId: hidden.id, content: "shown" },
    ]);
    expect(await memberPostPage(a, reader.id)).toEqual({ version: await postPageVersion(a), shared: true });
    expect((await memberPostPage(a, author.id)).shared).toBe(false);
    expect((await memberPostPage(a, hidden.id)).shared).toBe(false);
    expect((await memberPostPage(b, hidden.id)).shared).toBe(true);
  });
});
