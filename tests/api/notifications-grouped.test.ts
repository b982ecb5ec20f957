import { describe, expect, it } from "vitest";
import { z } from "zod";
import { POST as postComment } from "@/app/api/posts/[id]/comments/route";
import { POST as reactComment } from "@/app/api/comments/[id]/reactions/route";
import { POST as reactPost } from "@/app/api/posts/[id]/reactions/route";
import { POST as markRead } from "@/app/api/notifications/read/route";
import { GET as listNotifications } from "@/app/api/notifications/route";
import { REACTION_TYPES } from "@/db/schema/enums";
import { notificationSchema } from "@/lib/validation/responses";
import { call, makeUser, type TestUser } from "../helpers";
import { makePost } from "./comments-fixtures";

// reactions to the same target are one notification with a count, and excerpts are text.
const inbox = async (u: TestUser) => {
  const r = await call(listNotifications, "/api/notifications?page=0&size=50", { token: u.token });
  expect(r.status).toBe(200);
  return z.array(notificationSchema).parse(r.body);
};
const like = (u: TestUser, commentId: number, type: string = REACTION_TYPES[0]) =>
  call(reactComment, `/api/comments/${commentId}/reactions`, { token: u.token, params: { id: String(commentId) }, body: { type } });

describe("grouped reaction notifications", () => {
  it("ten members reacting to one comment make one notification with the count 10, latest reactor shown", async () => {
    const [author, bob] = await Promise.all([makeUser(), makeUser()]);
    const post = await makePost(bob.id);
    const c = await call(postComment, `/api/posts/${post.id}/comments`, {
      token: author.token,
      params: { id: String(post.id) },
      body: { content: "Nice **bold** take" },
    });
    expect(c.status).toBe(201);
    const fans = await Promise.all(Array.from({ length: 10 }, () => makeUser()));
    for (const f of fans) expect((await like(f, c.body.id)).status).toBeLessThan(300);
    // A second reaction type from a member already counted does not count them twice.
    expect((await like(fans[0]!, c.body.id, REACTION_TYPES[1])).status).toBeLessThan(300);

    const reactions = (await inbox(author)).filter((n) => n.type === "REACTION");
    expect(reactions).toHaveLength(1);
    expect(reactions[0]!.actorCount).toBe(10);
    expect(reactions[0]!.fromUser?.id).toBe(fans[0]!.id);
    expect(reactions[0]!.comment?.id).toBe(c.body.id);
    expect(reactions[0]!.read).toBe(false);
  });

  it("an un-reaction leaves the group (it disappears with its last member); a read group is closed and the next reaction starts another", async () => {
    const [author, a, b] = await Promise.all([makeUser(), makeUser(), makeUser()]);
    const post = await makePost(author.id);
    const type = REACTION_TYPES[0];
    const toggle = (u: TestUser) =>
      call(reactPost, `/api/posts/${post.id}/reactions`, { token: u.token, params: { id: String(post.id) }, body: { type } });
    await toggle(a);
    await toggle(b);
    let group = (await inbox(author)).filter((n) => n.type === "REACTION");
    expect(group.map((n) => [n.actorCount, n.fromUser?.id])).toEqual([[2, b.id]]);
    await toggle(b); // b takes it back: a is the one shown again
    group = (await inbox(author)).filter((n) => n.type === "REACTION");
    expect(group.map((n) => [n.actorCount, n.fromUser?.id])).toEqual([[1, a.id]]);
    await toggle(a);
    expect((await inbox(author)).filter((n) => n.type === "REACTION")).toEqual([]);

    await toggle(a);
    const [first] = (await inbox(author)).filter((n) => n.type === "REACTION");
    expect((await call(markRead, "/api/notifications/read", { token: author.token, body: { ids: [first!.id] } })).status).toBeLessThan(300);
    await toggle(b);
    const after = (await inbox(author)).filter((n) => n.type === "REACTION");
    expect(after.map((n) => [n.read, n.actorCount])).toEqual([
      [false, 1],
      [true, 1],
    ]);
  });

  it("excerpts are plain text: no markdown syntax, code blocks summarised, links and images as their text", async () => {
    const [author, bob] = await Promise.all([makeUser(), makeUser()]);
    const post = await makePost(author.id);
    const content =
      "# Heading\n\n**bold** and _italic_ with `code` and a [link](https://example.com) ![a cat](https://example.com/c.png)\n\n```yaml\nkey: value\n```\n\n> quoted\n\n- item";
    const c = await call(postComment, `/api/posts/${post.id}/comments`, {
      token: bob.token,
      params: { id: String(post.id) },
      body: { content },
    });
    expect(c.status).toBe(201);
    const [n] = (await inbox(author)).filter((x) => x.comment?.id === c.body.id);
    expect(n?.excerpt).toBeTruthy();
    const ex = n!.excerpt!;
    for (const syntax of ["**", "```", "#", "](", "![", "`", "> ", "- item", "_italic_"]) expect(ex, syntax).not.toContain(syntax);
    expect(ex).toContain("bold and italic with code and a link a cat");
    expect(ex).toContain("[code]");
    expect(ex).not.toContain("key: value");
  });
});
