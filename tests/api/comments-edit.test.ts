import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { db } from "@/db";
import { comments, notifications } from "@/db/schema";
import { PUT as editComment, GET as getComment } from "@/app/api/comments/[id]/route";
import { GET as commentLogs } from "@/app/api/comments/[id]/change-logs/route";
import { GET as postLogs } from "@/app/api/posts/[id]/change-logs/route";
import { POST as postComment } from "@/app/api/posts/[id]/comments/route";
import { changeLogSchema, commentSchema, errorSchema } from "@/lib/validation/responses";
import { call, makeUser, type TestUser } from "../helpers";
import { makePost } from "./comments-fixtures";

// comment editing with its own history.
const put = (u: TestUser | null, id: number, body: unknown) =>
  call(editComment, `/api/comments/${id}`, { method: "PUT", token: u?.token, params: { id: String(id) }, body });
const logs = (u: TestUser | null, id: number) =>
  call(commentLogs, `/api/comments/${id}/change-logs`, { token: u?.token, params: { id: String(id) } });

async function setup() {
  const [author, other, mod] = await Promise.all([makeUser(), makeUser(), makeUser({ role: "MODERATOR" })]);
  const post = await makePost(other.id);
  const c = await call(postComment, `/api/posts/${post.id}/comments`, {
    token: author.token,
    params: { id: String(post.id) },
    body: { content: "teh first version" },
  });
  expect(c.status).toBe(201);
  return { author, other, mod, post, id: Number(c.body.id) };
}

describe("PUT /api/comments/{id} and GET /api/comments/{id}/change-logs", () => {
  it("the author edits; the comment says when; its history holds old and new text; the post's history does not", async () => {
    const { author, post, id } = await setup();
    const r = await put(author, id, { content: "the first version" });
    expect(r.status).toBe(200);
    const c = commentSchema.parse(r.body);
    expect(c.content).toBe("the first version");
    expect(c.editedAt).toBeTruthy();
    expect(c.staffEdited).toBe(false);
    const again = await call(getComment, `/api/comments/${id}`, { params: { id: String(id) } });
    expect(again.body.content).toBe("the first version");

    const h = await logs(null, id);
    expect(h.status).toBe(200);
    const entries = z.array(changeLogSchema).parse(h.body);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      type: "CONTENT",
      username: author.username,
      oldContent: "teh first version",
      newContent: "the first version",
    });
    const ph = await call(postLogs, `/api/posts/${post.id}/change-logs`, { params: { id: String(post.id) } });
    expect((ph.body as { oldContent: string | null }[]).some((l) => l.oldContent === "teh first version")).toBe(false);

    // The same text again changes nothing and adds no entry.
    expect((await put(author, id, { content: "the first version" })).status).toBe(200);
    expect(z.array(changeLogSchema).parse((await logs(null, id)).body)).toHaveLength(1);
  });

  it("a moderator's edit is marked as staff's and its author is told; anyone else is refused and nothing changes", async () => {
    const { author, other, mod, id } = await setup();
    const denied = await put(other, id, { content: "hijacked" });
    expect(denied.status).toBe(403);
    expect(errorSchema.safeParse(denied.body).success).toBe(true);
    expect((await put(null, id, { content: "anon" })).status).toBe(401);
    for (const body of [{ content: "" }, { content: "   " }, {}, { content: "x".repeat(20_001) }])
      expect((await put(author, id, body)).status).toBe(400);
    const [row] = await db.select({ content: comments.content }).from(comments).where(eq(comments.id, id));
    expect(row!.content).toBe("teh first version");

    const r = await put(mod, id, { content: "[removed a phone number]" });
    expect(r.status).toBe(200);
    expect(r.body.staffEdited).toBe(true);
    const told = await db.select().from(notifications).where(eq(notifications.commentId, id));
    expect(told.map((n) => [n.userId, n.type])).toContainEqual([author.id, "CONTENT_MODERATED"]);
    expect((await put(author, id, { content: "ok, fixed" })).body.staffEdited).toBe(false);
    expect(
      z
        .array(changeLogSchema)
        .parse((await logs(author, id)).body)
        .map((l) => l.username),
    ).toEqual([mod.username, author.username]);
  });

  it("404 for an unknown or deleted comment, or one on a post the caller may not see", async () => {
    const { author, other, id } = await setup();
    expect((await put(author, 999_999_999, { content: "x" })).status).toBe(404);
    expect((await logs(null, 999_999_999)).status).toBe(404);
    const hiddenPost = await makePost(other.id, { visibleScope: "ONLY_ME" });
    const [hc] = await db
      .insert(comments)
      .values({ postId: hiddenPost.id, authorId: other.id, content: "secret" })
      .returning({ id: comments.id });
    expect((await logs(author, hc!.id)).status).toBe(404);
    await db.update(comments).set({ deletedAt: new Date() }).where(eq(comments.id, id));
    expect((await put(author, id, { content: "too late" })).status).toBe(404);
  });
});
