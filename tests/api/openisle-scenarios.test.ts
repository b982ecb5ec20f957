// End-to-end scenarios as an OpenIsle client drives them: create a post, discuss it, react, read it back.
import { describe, expect, it } from "vitest";
import { POST as createPost } from "@/app/api/posts/route";
import { GET as getPost } from "@/app/api/posts/[id]/route";
import { POST as postComment } from "@/app/api/posts/[id]/comments/route";
import { POST as reply } from "@/app/api/comments/[id]/replies/route";
import { POST as reactPost } from "@/app/api/posts/[id]/reactions/route";
import { POST as reactComment } from "@/app/api/comments/[id]/reactions/route";
import { POST as subscribe } from "@/app/api/subscriptions/posts/[id]/route";
import { postDetailSchema } from "@/lib/validation/responses";
import { call, makeCategory, makeTag, makeUser } from "../helpers";

describe("OpenIsle scenarios", () => {
  it("shows comments nested three deep and the reactions on the post and its comments in GET /api/posts/{id}", async () => {
    const alice = await makeUser();
    const bob = await makeUser();
    const carol = await makeUser();
    const category = await makeCategory();
    const tag = await makeTag();
    const created = await call(createPost, "/api/posts", {
      token: alice.token,
      body: { title: "Nested talk", content: "Let us discuss", categoryId: category.id, tagIds: [tag.id] },
    });
    expect(created.status).toBe(201);
    const id = String(created.body.id);

    const top = await call(postComment, `/api/posts/${id}/comments`, { token: bob.token, body: { content: "level 1" }, params: { id } });
    expect(top.status).toBe(201);
    const second = await call(reply, `/api/comments/${top.body.id}/replies`, {
      token: carol.token,
      body: { content: "level 2" },
      params: { id: String(top.body.id) },
    });
    const third = await call(reply, `/api/comments/${second.body.id}/replies`, {
      token: alice.token,
      body: { content: "level 3" },
      params: { id: String(second.body.id) },
    });
    expect(third.status).toBe(201);

    const like = await call(reactPost, `/api/posts/${id}/reactions`, { token: bob.token, body: { type: "LIKE" }, params: { id } });
    expect(like.status).toBe(200);
    const dislike = await call(reactComment, `/api/comments/${second.body.id}/reactions`, {
      token: bob.token,
      body: { type: "DISLIKE" },
      params: { id: String(second.body.id) },
    });
    expect(dislike.status).toBe(200);
    expect((await call(subscribe, `/api/subscriptions/posts/${id}`, { method: "POST", token: carol.token, params: { id } })).status).toBe(
      200,
    );

    const detail = await call(getPost, `/api/posts/${id}`, { token: carol.token, params: { id } });
    expect(detail.status).toBe(200);
    const post = postDetailSchema.parse(detail.body);
    expect(post.commentCount).toBe(3);
    expect(post.lastReplyAt).toBe(third.body.createdAt);
    expect(post.subscribed).toBe(true);
    expect(post.reactions.map((r) => [r.type, r.user, r.postId])).toEqual([["LIKE", bob.username, post.id]]);

    expect(post.comments).toHaveLength(1);
    const l1 = post.comments[0]!;
    expect(l1).toMatchObject({ content: "level 1", author: { username: bob.username } });
    const l2 = l1.replies[0]!;
    expect(l2).toMatchObject({ content: "level 2", author: { username: carol.username } });
    expect(l2.reactions.map((r) => [r.type, r.user, r.commentId])).toEqual([["DISLIKE", bob.username, l2.id]]);
    const l3 = l2.replies[0]!;
    expect(l3).toMatchObject({ content: "level 3", author: { username: alice.username }, replies: [] });
    expect(post.participants.map((p) => p.username)).toEqual([alice.username, bob.username, carol.username]);

    const anon = await call(getPost, `/api/posts/${id}`, { params: { id } });
    expect(anon.status).toBe(200);
    expect(anon.body.subscribed).toBe(false);
  });
});
