import { describe, expect, it } from "vitest";
import { POST as subscribe } from "@/app/api/subscriptions/posts/[id]/route";
import { POST as postComment } from "@/app/api/posts/[id]/comments/route";
import { POST as reply } from "@/app/api/comments/[id]/replies/route";
import { call, makeUser, type TestUser } from "../helpers";
import { makePost, notificationsOf } from "./comments-fixtures";

// when one action would notify a member for several reasons, they get one notification,
// the most specific (a reply beats a mention, which beats "a post you follow was updated").
const follow = (u: TestUser, post: number) =>
  call(subscribe, `/api/subscriptions/posts/${post}`, { method: "POST", token: u.token, params: { id: String(post) } });
const typesAbout = async (u: TestUser, commentId: number) =>
  (await notificationsOf(u.id))
    .filter((n) => n.commentId === commentId)
    .map((n) => n.type)
    .sort();

describe("one notification per event per member", () => {
  it("a comment that replies to, mentions and is followed by the same members tells each of them once", async () => {
    const [alice, bob, carol, admin] = await Promise.all([makeUser(), makeUser(), makeUser(), makeUser({ role: "ADMIN" })]);
    const post = await makePost(alice.id);
    for (const u of [alice, bob, carol]) expect((await follow(u, post.id)).status).toBeLessThan(300);
    const c = await call(postComment, `/api/posts/${post.id}/comments`, {
      token: admin.token,
      params: { id: String(post.id) },
      body: { content: `Thanks @${alice.username} and @${bob.username}!` },
    });
    expect(c.status).toBe(201);
    const id = Number(c.body.id);
    expect(await typesAbout(alice, id)).toEqual(["COMMENT_REPLY"]); // author: replied + mentioned + follows
    expect(await typesAbout(bob, id)).toEqual(["MENTION"]); // mentioned + follows
    expect(await typesAbout(carol, id)).toEqual(["POST_UPDATED"]); // follows only
    expect(await typesAbout(admin, id)).toEqual([]); // never about one's own comment
  });

  it("a reply that also mentions the parent's author gives that author one reply notification", async () => {
    const [alice, bob] = await Promise.all([makeUser(), makeUser()]);
    const post = await makePost(alice.id);
    const parent = await call(postComment, `/api/posts/${post.id}/comments`, {
      token: bob.token,
      params: { id: String(post.id) },
      body: { content: "First" },
    });
    expect(parent.status).toBe(201);
    const r = await call(reply, `/api/comments/${parent.body.id}/replies`, {
      token: alice.token,
      params: { id: String(parent.body.id) },
      body: { content: `@${bob.username} good point` },
    });
    expect(r.status).toBe(201);
    expect(await typesAbout(bob, Number(r.body.id))).toEqual(["COMMENT_REPLY"]);
  });
});
