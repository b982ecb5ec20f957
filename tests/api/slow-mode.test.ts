import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db";
import { posts } from "@/db/schema";
import { PUT as slowMode } from "@/app/api/posts/[id]/slow-mode/route";
import { POST as postComment } from "@/app/api/posts/[id]/comments/route";
import { POST as reply } from "@/app/api/comments/[id]/replies/route";
import { GET as getPost } from "@/app/api/posts/[id]/route";
import { errorSchema } from "@/lib/validation/responses";
import { call, makeUser, type TestUser } from "../helpers";
import { makePost } from "./comments-fixtures";

// slow mode per post.
const set = (u: TestUser, postId: number, body: unknown) =>
  call(slowMode, `/api/posts/${postId}/slow-mode`, { method: "PUT", token: u.token, params: { id: String(postId) }, body });
const comment = (u: TestUser, postId: number, content = "hi") =>
  call(postComment, `/api/posts/${postId}/comments`, { token: u.token, params: { id: String(postId) }, body: { content } });

describe("PUT /api/posts/{id}/slow-mode", () => {
  it("makes a member wait between comments (429 with Retry-After), replies included; staff are not slowed; 0 turns it off", async () => {
    const [mod, member, other] = await Promise.all([makeUser({ role: "MODERATOR" }), makeUser(), makeUser()]);
    const post = await makePost(other.id);
    const r = await set(mod, post.id, { seconds: 120 });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ postId: post.id, seconds: 120 });
    const shown = await call(getPost, `/api/posts/${post.id}`, { params: { id: String(post.id) } });
    expect(shown.body.slowModeSeconds).toBe(120);

    const first = await comment(member, post.id);
    expect(first.status).toBe(201);
    const second = await comment(member, post.id);
    expect(second.status).toBe(429);
    expect(errorSchema.parse(second.body).code).toBe("rate_limited");
    const retry = Number(second.headers.get("retry-after"));
    expect(retry).toBeGreaterThan(100);
    expect(retry).toBeLessThanOrEqual(120);
    const asReply = await call(reply, `/api/comments/${first.body.id}/replies`, {
      token: member.token,
      params: { id: String(first.body.id) },
      body: { content: "me again" },
    });
    expect(asReply.status).toBe(429);
    // Another member and staff are not held up by this member's wait.
    expect((await comment(other, post.id)).status).toBe(201);
    expect((await comment(mod, post.id)).status).toBe(201);
    expect((await comment(mod, post.id)).status).toBe(201);

    expect((await set(mod, post.id, { seconds: 0 })).status).toBe(200);
    expect((await comment(member, post.id)).status).toBe(201);
  });

  it("refuses members, bad values and unknown posts, and changes nothing when it refuses", async () => {
    const [mod, member] = await Promise.all([makeUser({ role: "MODERATOR" }), makeUser()]);
    const post = await makePost(member.id);
    expect((await set(member, post.id, { seconds: 60 })).status).toBe(403);
    expect(
      (await call(slowMode, `/api/posts/${post.id}/slow-mode`, { method: "PUT", params: { id: String(post.id) }, body: { seconds: 60 } }))
        .status,
    ).toBe(401);
    for (const body of [{ seconds: -1 }, { seconds: 86_401 }, { seconds: 1.5 }, { seconds: "60" }, {}]) {
      const r = await set(mod, post.id, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(errorSchema.safeParse(r.body).success).toBe(true);
    }
    expect((await set(mod, 999_999_999, { seconds: 60 })).status).toBe(404);
    const [row] = await db.select({ s: posts.slowModeSeconds }).from(posts).where(eq(posts.id, post.id));
    expect(row!.s).toBe(0);
  });
});
