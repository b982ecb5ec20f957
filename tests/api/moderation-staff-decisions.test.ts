// items 6, 9 and 13: a moderation state staff set on a member's content is undone by staff
// only (a post's close, a comment pin); one moderation action writes one audit line; the review queue
// counts everything waiting, and only an edit of the title or content marks a post "edited by staff".
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db";
import { auditLogs, comments, posts } from "@/db/schema";
import { POST as resolve } from "@/app/api/admin/flags/[id]/resolve/route";
import { GET as pendingCount } from "@/app/api/admin/posts/pending/count/route";
import { GET as getUser } from "@/app/api/admin/users/[id]/route";
import { PUT as putConfig } from "@/app/api/admin/config/route";
import { DELETE as deleteComment } from "@/app/api/comments/[id]/route";
import { POST as pinComment } from "@/app/api/comments/[id]/pin/route";
import { POST as unpinComment } from "@/app/api/comments/[id]/unpin/route";
import { POST as flag } from "@/app/api/flags/route";
import { POST as closePost } from "@/app/api/posts/[id]/close/route";
import { GET as listComments, POST as addComment } from "@/app/api/posts/[id]/comments/route";
import { POST as featurePost } from "@/app/api/posts/[id]/feature/route";
import { POST as pinPost } from "@/app/api/posts/[id]/pin/route";
import { POST as reopenPost } from "@/app/api/posts/[id]/reopen/route";
import { GET as getPost, PUT as putPost } from "@/app/api/posts/[id]/route";
import { postSchema } from "@/lib/validation/responses";
import { call, type Handler, makeCategory, makeTag, makeUser, type TestUser } from "../helpers";

let admin: TestUser, mod: TestUser, author: TestUser, other: TestUser, flaggers: TestUser[], catId: number, cat2: number, tagId: number;

beforeAll(async () => {
  admin = await makeUser({ role: "ADMIN" });
  mod = await makeUser({ role: "MODERATOR" });
  author = await makeUser();
  other = await makeUser();
  flaggers = [await makeUser(), await makeUser(), await makeUser()];
  catId = (await makeCategory()).id;
  cat2 = (await makeCategory()).id;
  tagId = (await makeTag()).id;
});

async function newPost(title = "A member's post"): Promise<number> {
  const [p] = await db.insert(posts).values({ title, content: "text", authorId: author.id, categoryId: catId }).returning();
  return p!.id;
}
async function newComment(postId: number, by: TestUser = other): Promise<number> {
  const [c] = await db.insert(comments).values({ postId, authorId: by.id, content: "a comment" }).returning();
  return c!.id;
}
const onPost = (h: Handler, id: number, token?: string) =>
  call(h, `/api/posts/${id}/x`, { method: "POST", token, params: { id: String(id) } });
const onComment = (h: Handler, id: number, token?: string) =>
  call(h, `/api/comments/${id}/x`, { method: "POST", token, params: { id: String(id) } });
const detail = async (id: number, u: TestUser) =>
  postSchema.parse((await call(getPost, `/api/posts/${id}`, { token: u.token, params: { id: String(id) } })).body);
const comment = (postId: number, u: TestUser) =>
  call(addComment, `/api/posts/${postId}/comments`, {
    token: u.token,
    params: { id: String(postId) },
    body: { content: "me again" },
  });
const flagAs = (u: TestUser, body: Record<string, unknown>) => call(flag, "/api/flags", { token: u.token, body });
const resolveAs = (u: TestUser, flagId: number, action: string) =>
  call(resolve, `/api/admin/flags/${flagId}/resolve`, { token: u.token, params: { id: String(flagId) }, body: { action } });
const auditAbout = (subject: number) => db.select().from(auditLogs).where(eq(auditLogs.subjectUserId, subject));

describe("a close by staff is undone by staff only", () => {
  it("a moderator closes a member's post: the author gets 403 staff_decision, stays closed out, and is not offered Reopen", async () => {
    const id = await newPost();
    expect((await onPost(closePost, id, mod.token)).status).toBe(200);
    const [row] = await db.select({ closed: posts.closed, by: posts.closedById }).from(posts).where(eq(posts.id, id));
    expect(row).toEqual({ closed: true, by: mod.id });
    expect((await detail(id, author)).closedByStaff).toBe(true);

    const r = await onPost(reopenPost, id, author.token);
    expect(r.status).toBe(403);
    expect(r.body.code).toBe("staff_decision");
    expect(r.body.error).toBe("A moderator closed this post: only staff can reopen it");
    expect((await detail(id, author)).closed).toBe(true);
    expect((await comment(id, author)).status).not.toBe(201);

    // Staff reopen it; then the author may comment, and close and reopen it themselves.
    const again = await onPost(reopenPost, id, mod.token);
    expect(again.status).toBe(200);
    expect(again.body.closed).toBe(false);
    expect((await db.select({ by: posts.closedById }).from(posts).where(eq(posts.id, id)))[0]!.by).toBeNull();
    expect((await comment(id, author)).status).toBe(201);
    expect((await onPost(closePost, id, author.token)).status).toBe(200);
    expect((await detail(id, author)).closedByStaff).toBe(false);
    expect((await onPost(reopenPost, id, author.token)).status).toBe(200);
  });

  it("a moderator closing a post its author had closed makes the close theirs (also from a flag)", async () => {
    const id = await newPost();
    expect((await onPost(closePost, id, author.token)).status).toBe(200);
    expect((await onPost(closePost, id, mod.token)).status).toBe(200);
    expect((await onPost(reopenPost, id, author.token)).status).toBe(403);
    expect((await onPost(reopenPost, id, admin.token)).status).toBe(200);

    const id2 = await newPost();
    const f = await flagAs(flaggers[0]!, { postId: id2, reason: "OFF_TOPIC" });
    expect((await resolveAs(mod, f.body.id, "CLOSE_POST")).status).toBe(200);
    expect((await onPost(reopenPost, id2, author.token)).body.code).toBe("staff_decision");
  });

  it("a close whose closer is unknown (closed_by_id null) counts as staff's", async () => {
    const id = await newPost();
    await db.update(posts).set({ closed: true, closedById: null }).where(eq(posts.id, id));
    expect((await detail(id, author)).closedByStaff).toBe(true);
    expect((await onPost(reopenPost, id, author.token)).status).toBe(403);
  });

  it("a comment pinned by staff on a member's post: its author can neither unpin nor re-pin it; their own pins stay theirs", async () => {
    const postId = await newPost();
    const c1 = await newComment(postId);
    expect((await onComment(pinComment, c1, mod.token)).status).toBe(200);
    const tree = (await call(listComments, `/api/posts/${postId}/comments`, { token: author.token, params: { id: String(postId) } }))
      .body as { id: number; pinnedByStaff?: boolean }[];
    expect(tree.find((c) => c.id === c1)?.pinnedByStaff).toBe(true);
    for (const h of [unpinComment, pinComment]) {
      const r = await onComment(h, c1, author.token);
      expect(r.status).toBe(403);
      expect(r.body.code).toBe("staff_decision");
    }
    expect((await db.select({ at: comments.pinnedAt }).from(comments).where(eq(comments.id, c1)))[0]!.at).not.toBeNull();
    expect((await onComment(unpinComment, c1, mod.token)).status).toBe(200);

    const c2 = await newComment(postId);
    const mine = await onComment(pinComment, c2, author.token);
    expect(mine.status).toBe(200);
    expect(mine.body.pinnedByStaff).toBe(false);
    expect((await onComment(unpinComment, c2, author.token)).status).toBe(200);
    expect((await onComment(pinComment, c2, other.token)).status).toBe(403);
  });
});

describe("one moderation action, one audit line", () => {
  it("a flag resolved by deleting a comment writes one line, on the log and on the member's admin page", async () => {
    const postId = await newPost("Flagged comment's post");
    const offender = await makeUser();
    const c = await newComment(postId, offender);
    const f = await flagAs(flaggers[0]!, { commentId: c, reason: "SPAM", note: "ads" });
    expect((await resolveAs(mod, f.body.id, "DELETE")).status).toBe(200);
    expect((await auditAbout(offender.id)).map((a) => a.action)).toEqual(["flag.delete"]);
    const page = await call(getUser, `/api/admin/users/${offender.id}`, {
      token: admin.token,
      params: { id: String(offender.id) },
    });
    expect(page.status).toBe(200);
    const lines = page.body.audit as { action: string; summary: string }[];
    expect(lines.map((l) => l.action)).toEqual(["flag.delete"]);
    expect(lines[0]!.summary).toBe(`${mod.username} deleted ${offender.username}'s comment on “Flagged comment's post” (1 flag)`);
  });

  it("a direct delete writes one line; a flag resolved by closing or deleting a post writes one line each", async () => {
    const offender = await makeUser();
    const [p] = await db.insert(posts).values({ title: "Offender's", content: "x", authorId: offender.id, categoryId: catId }).returning();
    const c = await newComment(p!.id, offender);
    expect(
      (await call(deleteComment, `/api/comments/${c}`, { method: "DELETE", token: mod.token, params: { id: String(c) } })).status,
    ).toBe(204);
    expect((await auditAbout(offender.id)).map((a) => a.action)).toEqual(["comment.delete"]);

    const f = await flagAs(flaggers[1]!, { postId: p!.id, reason: "SPAM" });
    expect((await resolveAs(mod, f.body.id, "CLOSE_POST")).status).toBe(200);
    const f2 = await flagAs(flaggers[2]!, { postId: p!.id, reason: "SPAM" });
    expect((await resolveAs(mod, f2.body.id, "DELETE")).status).toBe(200);
    const actions = (await auditAbout(offender.id)).map((a) => a.action).sort();
    expect(actions).toEqual(["comment.delete", "flag.close_post", "flag.delete"]);
  });
});

describe("the review queue", () => {
  it("counts every waiting thing once: pending posts, flagged comments, flagged posts (a post hidden by flags once)", async () => {
    const count = async () => (await call(pendingCount, "/api/admin/posts/pending/count", { token: mod.token })).body;
    const before = await count();
    expect(before).toEqual({ count: expect.any(Number), flagged: expect.any(Number), total: expect.any(Number) });

    const set = await call(putConfig, "/api/admin/config", {
      method: "PUT",
      token: admin.token,
      body: { publishMode: "REVIEW", flagHideThreshold: 2 },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    await db.insert(posts).values({ title: "Waits", content: "x", authorId: author.id, categoryId: catId, status: "PENDING" });
    const c = await newComment(await newPost());
    expect((await flagAs(flaggers[0]!, { commentId: c, reason: "SPAM" })).status).toBe(201);
    expect(await count()).toEqual({ count: before.count + 1, flagged: before.flagged + 1, total: before.total + 2 });

    // Two flags hide a post: it goes back to PENDING and is one more waiting thing, not two.
    const hidden = await newPost();
    expect((await flagAs(flaggers[0]!, { postId: hidden, reason: "SPAM" })).status).toBe(201);
    expect((await flagAs(flaggers[1]!, { postId: hidden, reason: "SPAM" })).status).toBe(201);
    expect(await count()).toEqual({ count: before.count + 2, flagged: before.flagged + 2, total: before.total + 3 });
    await call(putConfig, "/api/admin/config", {
      method: "PUT",
      token: admin.token,
      body: { publishMode: "DIRECT", flagHideThreshold: 3 },
    });
  });

  it("pinning, closing, featuring, moving or re-tagging by staff is no edit; changing the text is", async () => {
    const id = await newPost();
    expect((await onPost(pinPost, id, mod.token)).status).toBe(200);
    expect((await onPost(closePost, id, mod.token)).status).toBe(200);
    expect((await onPost(featurePost, id, mod.token)).status).toBe(200);
    const put = (body: Record<string, unknown>) =>
      call(putPost, `/api/posts/${id}`, { method: "PUT", token: mod.token, params: { id: String(id) }, body });
    expect((await put({ categoryId: cat2 })).status).toBe(200);
    expect((await put({ tagIds: [tagId] })).status).toBe(200);
    expect((await detail(id, author)).staffEditedAt ?? null).toBeNull();
    const c = await newComment(id);
    expect((await onComment(pinComment, c, mod.token)).body.staffEdited).toBeFalsy();

    expect((await put({ content: "Removed a phone number" })).status).toBe(200);
    expect((await detail(id, author)).staffEditedAt).toBeTruthy();
    const [row] = await db
      .select({ at: posts.staffEditedAt })
      .from(posts)
      .where(and(eq(posts.id, id)));
    expect(row!.at).not.toBeNull();
  });
});
