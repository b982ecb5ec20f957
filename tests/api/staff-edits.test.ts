import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { db } from "@/db";
import { notifications, postChangeLogs, postTags, posts } from "@/db/schema";
import { POST as create } from "@/app/api/posts/route";
import { GET as getPost, PUT as update } from "@/app/api/posts/[id]/route";
import { GET as changeLogs } from "@/app/api/posts/[id]/change-logs/route";
import { POST as closePost } from "@/app/api/posts/[id]/close/route";
import { POST as postComment } from "@/app/api/posts/[id]/comments/route";
import { DELETE as deleteComment } from "@/app/api/comments/[id]/route";
import { changeLogSchema, errorSchema, postSchema } from "@/lib/validation/responses";
import { call, makeCategory, makeTag, makeUser, type TestUser } from "../helpers";

// staff edits are visible. A restore is recorded as "restored version N" and brings back the
// title, content, category and tags; the author is told whenever someone else changes their post.

let author: TestUser, mod: TestUser;
let cat1: number, cat2: number, tag1: number, tag2: number;

beforeAll(async () => {
  [author, mod] = await Promise.all([makeUser(), makeUser({ role: "MODERATOR" })]);
  cat1 = (await makeCategory()).id;
  cat2 = (await makeCategory()).id;
  tag1 = (await makeTag()).id;
  tag2 = (await makeTag()).id;
});

const put = (u: TestUser, id: number, body: unknown) =>
  call(update, `/api/posts/${id}`, { method: "PUT", token: u.token, params: { id: String(id) }, body });
const told = (postId: number) =>
  db
    .select({ type: notifications.type, content: notifications.content, fromUserId: notifications.fromUserId })
    .from(notifications)
    .where(and(eq(notifications.userId, author.id), eq(notifications.postId, postId), eq(notifications.type, "CONTENT_MODERATED")))
    .orderBy(asc(notifications.id));

async function newPost() {
  const r = await call(create, "/api/posts", {
    token: author.token,
    body: { title: "Original title", content: "Original text", categoryId: cat1, tagIds: [tag1] },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return Number(r.body.id);
}

describe("staff edits", () => {
  it("the author's own edit is not marked and tells nobody", async () => {
    const id = await newPost();
    const r = await put(author, id, { title: "My better title", categoryId: cat2, tagIds: [tag2] });
    expect(r.status).toBe(200);
    expect(postSchema.parse(r.body).staffEditedAt ?? null).toBeNull();
    expect(await told(id)).toEqual([]);
  });

  it("a moderator restores version 0: title, content, category and tags come back, the entries say so, the author is told", async () => {
    const id = await newPost();
    expect((await put(author, id, { title: "Edited title", content: "Edited text", categoryId: cat2, tagIds: [tag2] })).status).toBe(200);

    const r = await put(mod, id, {
      title: "Original title",
      content: "Original text",
      categoryId: cat1,
      tagIds: [tag1],
      restoredVersion: 0,
    });
    expect(r.status).toBe(200);
    const post = postSchema.parse(r.body);
    expect(post).toMatchObject({ title: "Original title", content: "Original text" });
    expect(post.category.id).toBe(cat1);
    expect(post.tags.map((t) => t.id)).toEqual([tag1]);
    expect(post.staffEditedAt).toBeTruthy();

    const [row] = await db.select({ staffEditedAt: posts.staffEditedAt, categoryId: posts.categoryId }).from(posts).where(eq(posts.id, id));
    expect(row!.staffEditedAt).not.toBeNull();
    expect((await db.select().from(postTags).where(eq(postTags.postId, id))).map((t) => t.tagId)).toEqual([tag1]);

    const logs = z
      .array(changeLogSchema)
      .parse((await call(changeLogs, `/api/posts/${id}/change-logs`, { params: { id: String(id) } })).body);
    const restored = logs.filter((l) => l.username === mod.username);
    expect(restored.map((l) => l.type).sort()).toEqual(["CATEGORY", "CONTENT", "TAG", "TITLE"]);
    expect(restored.every((l) => l.restoredVersion === 0)).toBe(true);
    expect(logs.filter((l) => l.username === author.username).every((l) => l.restoredVersion === null)).toBe(true);

    expect(await told(id)).toEqual([{ type: "CONTENT_MODERATED", content: "restored version 0 of your post", fromUserId: mod.id }]);
    const again = await call(getPost, `/api/posts/${id}`, { token: author.token, params: { id: String(id) } });
    expect(again.body.staffEditedAt).toBe(post.staffEditedAt);
  });

  it("moving, re-tagging, editing and closing by staff each tell the author what happened", async () => {
    const id = await newPost();
    await put(mod, id, { categoryId: cat2 });
    await put(mod, id, { tagIds: [tag1, tag2] });
    await put(mod, id, { content: "Removed a phone number" });
    expect((await call(closePost, `/api/posts/${id}/close`, { method: "POST", token: mod.token, params: { id: String(id) } })).status).toBe(
      200,
    );
    const contents = (await told(id)).map((n) => n.content);
    expect(contents[0]).toMatch(/^moved your post to cat-/);
    expect(contents.slice(1)).toEqual(["re-tagged your post", "edited your post", "closed your post"]);
    // A staff edit that changes nothing writes nothing and tells nobody.
    await put(mod, id, { content: "Removed a phone number" });
    expect(await told(id)).toHaveLength(4);
  });

  it("a bad restoredVersion is a 400 and changes nothing", async () => {
    const id = await newPost();
    for (const restoredVersion of [-1, 1.5, "0"]) {
      const r = await put(mod, id, { title: "Nope", restoredVersion });
      expect(r.status).toBe(400);
      expect(errorSchema.safeParse(r.body).success).toBe(true);
    }
    const [row] = await db.select({ title: posts.title, staffEditedAt: posts.staffEditedAt }).from(posts).where(eq(posts.id, id));
    expect(row).toEqual({ title: "Original title", staffEditedAt: null });
    expect(await db.select().from(postChangeLogs).where(eq(postChangeLogs.postId, id))).toEqual([]);
  });

  it("a moderator deleting a comment tells its author; deleting one's own tells nobody", async () => {
    const id = await newPost();
    const comment = async () => {
      const r = await call(postComment, `/api/posts/${id}/comments`, {
        token: author.token,
        params: { id: String(id) },
        body: { content: "A comment" },
      });
      expect(r.status).toBe(201);
      return String(r.body.id);
    };
    const mine = await comment();
    expect(
      (await call(deleteComment, `/api/comments/${mine}`, { method: "DELETE", token: author.token, params: { id: mine } })).status,
    ).toBe(204);
    expect(await told(id)).toEqual([]);
    const theirs = await comment();
    expect(
      (await call(deleteComment, `/api/comments/${theirs}`, { method: "DELETE", token: mod.token, params: { id: theirs } })).status,
    ).toBe(204);
    expect(await told(id)).toEqual([{ type: "CONTENT_MODERATED", content: "deleted your comment on", fromUserId: mod.id }]);
  });
});
