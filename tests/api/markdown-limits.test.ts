// bodies over MARKDOWN_LIMITS are refused on every write of markdown (post create and edit,
// comment, reply, comment edit, the editor preview) with a 400 in the docs/api.md §1 shape that names the
// field and the limit; bodies within them are accepted as before.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db";
import { users } from "@/db/schema";
import { POST as preview } from "@/app/api/markdown/preview/route";
import { PUT as editComment } from "@/app/api/comments/[id]/route";
import { POST as reply } from "@/app/api/comments/[id]/replies/route";
import { POST as addComment } from "@/app/api/posts/[id]/comments/route";
import { PUT as editPost } from "@/app/api/posts/[id]/route";
import { POST as createPost } from "@/app/api/posts/route";
import { MARKDOWN_LIMITS } from "@/lib/markdown-limits";
import { errorSchema } from "@/lib/validation/responses";
import { call, makeCategory, makeTag, makeUser, type TestUser } from "../helpers";

let author: TestUser;
let categoryId: number;
let tagId: number;
let postId: number;
let commentId: number;

/** The issue's comment: "```\n" × 5,000 (20 KB, a legal comment length) is 2,500 code blocks. */
const FENCE_STORM = "```\n".repeat(5_000);
const DEEP_QUOTE = `${"> ".repeat(MARKDOWN_LIMITS.nestingDepth + 1)}deep`;
const LINK_STORM = "http://a.bc ".repeat(MARKDOWN_LIMITS.links + 1);

function expectLimit(res: { status: number; body: any }, field: string, limit: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(errorSchema.safeParse(res.body).success).toBe(true);
  expect(res.body.code).toBe("validation_failed");
  expect(res.body.field).toBe(field);
  expect(res.body.error).toContain(`"${limit}"`);
  expect(res.body.issues[0].path).toEqual([field]);
}

beforeAll(async () => {
  author = await makeUser();
  // Past level 0: new members' link and image limits (lib/services/spam) are tested in spam-limits.
  await db.update(users).set({ experience: 100 }).where(eq(users.id, author.id));
  categoryId = (await makeCategory()).id;
  tagId = (await makeTag()).id;
  const p = await call(createPost, "/api/posts", {
    token: author.token,
    body: { title: "limits", content: "fine", categoryId, tagIds: [tagId] },
  });
  expect(p.status).toBe(201);
  postId = p.body.id;
  const c = await call(addComment, `/api/posts/${postId}/comments`, {
    token: author.token,
    params: { id: String(postId) },
    body: { content: "ok" },
  });
  expect(c.status).toBe(201);
  commentId = c.body.id;
});

describe("over the markdown limits → 400 naming the limit and the field", () => {
  it("POST /api/posts/{id}/comments: the issue's fence storm", async () => {
    const res = await call(addComment, `/api/posts/${postId}/comments`, {
      token: author.token,
      params: { id: String(postId) },
      body: { content: FENCE_STORM },
    });
    expectLimit(res, "content", "codeBlocks");
  });

  it("POST /api/comments/{id}/replies and PUT /api/comments/{id}", async () => {
    const r = await call(reply, `/api/comments/${commentId}/replies`, {
      token: author.token,
      params: { id: String(commentId) },
      body: { content: DEEP_QUOTE },
    });
    expectLimit(r, "content", "nestingDepth");
    const e = await call(editComment, `/api/comments/${commentId}`, {
      method: "PUT",
      token: author.token,
      params: { id: String(commentId) },
      body: { content: FENCE_STORM },
    });
    expectLimit(e, "content", "codeBlocks");
  });

  it("POST /api/posts and PUT /api/posts/{id}", async () => {
    const c = await call(createPost, "/api/posts", {
      token: author.token,
      body: { title: "storm", content: "```\n".repeat(20_000), categoryId, tagIds: [tagId] },
    });
    expectLimit(c, "content", "codeBlocks");
    const e = await call(editPost, `/api/posts/${postId}`, {
      method: "PUT",
      token: author.token,
      params: { id: String(postId) },
      body: { content: LINK_STORM },
    });
    expectLimit(e, "content", "links");
  });

  it("POST /api/markdown/preview", async () => {
    const res = await call(preview, "/api/markdown/preview", { token: author.token, body: { markdown: FENCE_STORM } });
    expectLimit(res, "markdown", "codeBlocks");
  });
});

describe("within the limits", () => {
  it("a comment with many code blocks, links and a nested quote is accepted", async () => {
    const content = `${"```\nx\n```\n\n".repeat(50)}${"https://example.com ".repeat(100)}\n\n> > > quoted`;
    const res = await call(addComment, `/api/posts/${postId}/comments`, {
      token: author.token,
      params: { id: String(postId) },
      body: { content },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const p = await call(preview, "/api/markdown/preview", { token: author.token, body: { markdown: content } });
    expect(p.status).toBe(200);
    expect(p.body.html).toContain("<blockquote>");
  });

  it("a too long body is refused for its length, not parsed", async () => {
    const res = await call(addComment, `/api/posts/${postId}/comments`, {
      token: author.token,
      params: { id: String(postId) },
      body: { content: "```\n".repeat(6_000) },
    });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe("content");
    expect(res.body.issues).toHaveLength(1);
    expect(res.body.error).toContain("at most 20000 characters");
  });
});
