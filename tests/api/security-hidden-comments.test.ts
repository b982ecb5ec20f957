// what a flag hides is hidden on every read path. A comment hidden by three member
// flags keeps its text from anonymous callers and other members everywhere (profiles, activity,
// search, RSS, notifications, the points ledger, edit history, mail, live events), while its author
// and staff still read it, as on the post page: the one comment-visibility rule.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db";
import { apiTokens, comments, mailOutbox, posts } from "@/db/schema";
import { GET as commentChangeLogs } from "@/app/api/comments/[id]/change-logs/route";
import { POST as react } from "@/app/api/comments/[id]/reactions/route";
import { POST as postReply } from "@/app/api/comments/[id]/replies/route";
import { GET as getComment, PUT as editComment } from "@/app/api/comments/[id]/route";
import { GET as events } from "@/app/api/events/route";
import { POST as flag } from "@/app/api/flags/route";
import { GET as listNotifications } from "@/app/api/notifications/route";
import { GET as pointHistories } from "@/app/api/point-histories/route";
import { POST as postComment } from "@/app/api/posts/[id]/comments/route";
import { GET as postDetail } from "@/app/api/posts/[id]/route";
import { GET as rss } from "@/app/api/rss/route";
import { GET as searchGlobal } from "@/app/api/search/global/route";
import { GET as searchPosts } from "@/app/api/search/posts/route";
import { GET as userActivity } from "@/app/api/users/[idOrUsername]/activity/route";
import { GET as userReplies } from "@/app/api/users/[idOrUsername]/replies/route";
import { GET as userProfile } from "@/app/api/users/[idOrUsername]/route";
import { eventHub, type LiveEvent } from "@/lib/live/events";
import { drainOutbox, outboxIdle, processReplyMail } from "@/lib/jobs/mail-drain";
import { pointHistorySchema } from "@/lib/validation/economy";
import { commentSchema, notificationSchema } from "@/lib/validation/responses";
import { searchResultSchema } from "@/lib/validation/search";
import { userActivitySchema, userReplySchema } from "@/lib/validation/users";
import { call, makeCategory, makeUser, req, type TestUser } from "../helpers";
import { readFrames } from "./live-helpers";
import { TestSmtp } from "./mail-helpers";

/** A word found only in the hidden comment. */
const SECRET = "zanzibarquux";
const HIDDEN_TEXT = `The word ${SECRET} lives only here`;
const EDITED_TEXT = `${HIDDEN_TEXT}, edited`;

const smtp = new TestSmtp();
let postAuthor: TestUser, commenter: TestUser, other: TestUser, replier: TestUser, reactor: TestUser, mod: TestUser;
let flaggers: TestUser[];
let postId: number, hiddenId: number, visibleId: number, replyId: number;
let anonEvents: LiveEvent[], anonFrames: string[], closeStream: () => Promise<void>;

type As = TestUser | undefined;
const as = (u: As) => ({ token: u?.token });
const label = (u: As) => (u ? u.username : "anonymous");

/** Opens GET /api/events?postId= in-process and collects its events and raw frames. */
async function openStream(path: string, u?: TestUser) {
  const res = await events(req(path, as(u)), { params: Promise.resolve({}) });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const got: LiveEvent[] = [];
  const frames: string[] = [];
  void readFrames(reader, (f) => {
    frames.push(f.raw);
    if (f.data !== undefined && !f.event) got.push(f.data as LiveEvent);
  });
  return { got, frames, close: async () => void (await reader.cancel().catch(() => {})) };
}

const comment = (by: TestUser, content: string) =>
  call(postComment, `/api/posts/${postId}/comments`, { token: by.token, body: { content }, params: { id: String(postId) } });
const replyTo = (by: TestUser, parentId: number, content: string) =>
  call(postReply, `/api/comments/${parentId}/replies`, { token: by.token, body: { content }, params: { id: String(parentId) } });

beforeAll(async () => {
  process.env.MAIL_AWAY_MINUTES = "10";
  await smtp.start();
  [postAuthor, commenter, other, replier, reactor] = [
    await makeUser(),
    await makeUser(),
    await makeUser(),
    await makeUser(),
    await makeUser(),
  ];
  flaggers = [await makeUser(), await makeUser(), await makeUser()];
  mod = await makeUser({ role: "MODERATOR" });
  const cat = (await makeCategory()).id;
  // A featured post (in the RSS feed) whose author is away (so a reply to it is mailed).
  const [p] = await db
    .insert(posts)
    .values({
      title: "A quiet thread",
      content: "Nothing special in the post itself",
      authorId: postAuthor.id,
      categoryId: cat,
      rssExcluded: false,
    })
    .returning();
  postId = p!.id;
  await db
    .update(apiTokens)
    .set({ lastUsedAt: sql`now() - interval '2 hours'` })
    .where(eq(apiTokens.userId, postAuthor.id));

  // An anonymous reader's live stream of the post, open from the start.
  const s = await openStream(`/api/events?postId=${postId}`);
  [anonEvents, anonFrames, closeStream] = [s.got, s.frames, s.close];

  const visible = await comment(commenter, "An ordinary remark");
  expect(visible.status).toBe(201);
  visibleId = visible.body.id;
  const hidden = await comment(commenter, HIDDEN_TEXT);
  expect(hidden.status).toBe(201);
  hiddenId = hidden.body.id;
  // Before the comment is hidden: a reaction to it, an edit (a change log with its text), the reply
  // mail to the post's author queued.
  expect(
    (
      await call(react, `/api/comments/${hiddenId}/reactions`, {
        token: reactor.token,
        body: { type: "LIKE" },
        params: { id: String(hiddenId) },
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await call(editComment, `/api/comments/${hiddenId}`, {
        method: "PUT",
        token: commenter.token,
        body: { content: EDITED_TEXT },
        params: { id: String(hiddenId) },
      })
    ).status,
  ).toBe(200);
  await processReplyMail();
  expect(await db.select().from(mailOutbox).where(eq(mailOutbox.userId, postAuthor.id))).toHaveLength(2);

  for (const m of flaggers) {
    expect((await call(flag, "/api/flags", { token: m.token, body: { commentId: hiddenId, reason: "INAPPROPRIATE" } })).status).toBe(201);
  }
  const [row] = await db.select().from(comments).where(eq(comments.id, hiddenId));
  expect(row!.hiddenAt).not.toBeNull();

  // After it is hidden: a reply to it, and the queued mail goes out.
  const reply = await replyTo(replier, hiddenId, "I answer the hidden one");
  expect(reply.status).toBe(201);
  replyId = reply.body.id;
  await drainOutbox();
});

afterAll(async () => {
  await closeStream?.();
  await eventHub.close();
  await outboxIdle();
  await smtp.stop();
});

describe("a comment hidden by flags", () => {
  it("is blanked on the post page and the comments API for others, shown to its author and staff (the rule)", async () => {
    for (const u of [undefined, other, postAuthor] as As[]) {
      const d = await call(postDetail, `/api/posts/${postId}`, { ...as(u), params: { id: String(postId) } });
      expect(d.status).toBe(200);
      const c = (d.body.comments as { id: number; content: string; hidden: boolean }[]).find((x) => x.id === hiddenId);
      expect(c, label(u)).toMatchObject({ content: "", hidden: true });
      const one = await call(getComment, `/api/comments/${hiddenId}`, { ...as(u), params: { id: String(hiddenId) } });
      expect(one.status).toBe(200);
      expect(commentSchema.parse(one.body)).toMatchObject({ id: hiddenId, content: "", hidden: true });
    }
    for (const u of [commenter, mod]) {
      const one = await call(getComment, `/api/comments/${hiddenId}`, { ...as(u), params: { id: String(hiddenId) } });
      expect(one.body, label(u)).toMatchObject({ content: EDITED_TEXT, hidden: true });
    }
  });

  it("is left out of GET /api/users/{author}/replies for others; its author and staff see it with its text", async () => {
    for (const u of [undefined, other, postAuthor] as As[]) {
      const r = await call(userReplies, `/api/users/${commenter.id}/replies`, {
        ...as(u),
        params: { idOrUsername: String(commenter.id) },
      });
      expect(r.status).toBe(200);
      const list = (r.body as unknown[]).map((x) => userReplySchema.parse(x));
      expect(
        list.map((x) => x.id),
        label(u),
      ).toEqual([visibleId]);
      expect(r.text).not.toContain(SECRET);
    }
    for (const u of [commenter, mod]) {
      const r = await call(userReplies, `/api/users/${commenter.username}/replies`, {
        ...as(u),
        params: { idOrUsername: commenter.username },
      });
      expect(r.status).toBe(200);
      expect(
        (r.body as { id: number }[]).map((x) => x.id),
        label(u),
      ).toEqual([hiddenId, visibleId]);
      expect((r.body as { id: number; content: string }[])[0]!.content).toBe(EDITED_TEXT);
    }
  });

  it("counts on the profile only for those who may read it", async () => {
    const count = async (u: As) =>
      (await call(userProfile, `/api/users/${commenter.id}`, { ...as(u), params: { idOrUsername: String(commenter.id) } })).body
        .commentCount;
    expect(await count(undefined)).toBe(1);
    expect(await count(other)).toBe(1);
    expect(await count(commenter)).toBe(2);
    expect(await count(mod)).toBe(2);
  });

  it("is left out of GET /api/users/{author}/activity for others, and a reaction to it shows no excerpt", async () => {
    for (const u of [undefined, other] as As[]) {
      const r = await call(userActivity, `/api/users/${commenter.id}/activity`, {
        ...as(u),
        params: { idOrUsername: String(commenter.id) },
      });
      expect(r.status).toBe(200);
      const list = (r.body as unknown[]).map((x) => userActivitySchema.parse(x));
      expect(
        list.filter((a) => a.kind === "reply").map((a) => a.commentId),
        label(u),
      ).toEqual([visibleId]);
      expect(r.text).not.toContain(SECRET);

      const rx = await call(userActivity, `/api/users/${reactor.id}/activity`, {
        ...as(u),
        params: { idOrUsername: String(reactor.id) },
      });
      expect(rx.status).toBe(200);
      expect(rx.body, label(u)).toEqual([
        expect.objectContaining({ kind: "reaction", commentId: hiddenId, reactionType: "LIKE", excerpt: "" }),
      ]);
    }
    for (const u of [commenter, mod]) {
      const r = await call(userActivity, `/api/users/${commenter.id}/activity`, {
        ...as(u),
        params: { idOrUsername: String(commenter.id) },
      });
      const mine = (r.body as { kind: string; commentId: number; excerpt: string }[]).find(
        (a) => a.kind === "reply" && a.commentId === hiddenId,
      );
      expect(mine?.excerpt, label(u)).toContain(SECRET);
      const rx = await call(userActivity, `/api/users/${reactor.id}/activity`, {
        ...as(u),
        params: { idOrUsername: String(reactor.id) },
      });
      expect((rx.body as { excerpt: string }[])[0]!.excerpt).toContain(SECRET);
    }
  });

  it("cannot be found by its words in GET /api/search/global or the posts search", async () => {
    const global = (u: As) => call(searchGlobal, `/api/search/global?keyword=${SECRET}`, as(u));
    for (const u of [undefined, other, postAuthor] as As[]) {
      const r = await global(u);
      expect(r.status).toBe(200);
      expect(
        (r.body as unknown[]).map((x) => searchResultSchema.parse(x)),
        label(u),
      ).toEqual([]);
      const p = await call(searchPosts, `/api/search/posts?keyword=${SECRET}`, as(u));
      expect(p.status).toBe(200);
      expect(p.body, label(u)).toEqual([]);
    }
    // A substring (no full-text word) does not find it either.
    expect((await global(undefined)).body).toEqual([]);
    expect((await call(searchGlobal, `/api/search/global?keyword=${SECRET.slice(2, 9)}`)).body).toEqual([]);
    for (const u of [commenter, mod]) {
      const r = await global(u);
      expect(r.body, label(u)).toEqual([expect.objectContaining({ type: "comment", id: hiddenId, postId })]);
    }
  });

  it("is not in the RSS feed", async () => {
    const r = await call(rss, "/api/rss");
    expect(r.status).toBe(200);
    expect(r.text).toContain("A quiet thread");
    expect(r.text).not.toContain(SECRET);
  });

  it("is blanked in the notifications of the post's author; its own author still reads it there", async () => {
    const r = await call(listNotifications, "/api/notifications?size=50", { token: postAuthor.token });
    expect(r.status).toBe(200);
    const list = (r.body as unknown[]).map((x) => notificationSchema.parse(x));
    const aboutHidden = list.find((n) => n.type === "COMMENT_REPLY" && n.comment?.id === hiddenId);
    expect(aboutHidden).toMatchObject({ comment: { content: "", hidden: true }, excerpt: null });
    const aboutReply = list.find((n) => n.comment?.id === replyId);
    expect(aboutReply).toMatchObject({
      comment: { content: "I answer the hidden one" },
      parentComment: { id: hiddenId, content: "", hidden: true },
    });
    expect(r.text).not.toContain(SECRET);

    const mine = await call(listNotifications, "/api/notifications?size=50", { token: commenter.token });
    const list2 = (mine.body as unknown[]).map((x) => notificationSchema.parse(x));
    expect(list2.find((n) => n.comment?.id === replyId)).toMatchObject({
      parentComment: { id: hiddenId, content: EDITED_TEXT, hidden: true },
    });
    expect(list2.find((n) => n.type === "REACTION")).toMatchObject({
      comment: { id: hiddenId, content: EDITED_TEXT },
      excerpt: expect.stringContaining(SECRET),
    });
  });

  it("is blanked in the points ledger of the post's author", async () => {
    const r = await call(pointHistories, "/api/point-histories?pageSize=50", { token: postAuthor.token });
    expect(r.status).toBe(200);
    const list = (r.body as unknown[]).map((x) => pointHistorySchema.parse(x));
    const entry = list.find((h) => h.commentId === hiddenId);
    expect(entry).toMatchObject({ type: "COMMENT", commentContent: "" });
    expect(list.find((h) => h.commentId === visibleId)?.commentContent).toBe("An ordinary remark");
    expect(r.text).not.toContain(SECRET);
    const own = await call(pointHistories, "/api/point-histories?pageSize=50", { token: commenter.token });
    expect((own.body as { commentId: number; commentContent: string }[]).find((h) => h.commentId === hiddenId)?.commentContent).toBe(
      EDITED_TEXT,
    );
  });

  it("keeps its edit history from others (404), not from its author and staff", async () => {
    for (const u of [undefined, other, postAuthor] as As[]) {
      const r = await call(commentChangeLogs, `/api/comments/${hiddenId}/change-logs`, {
        ...as(u),
        params: { id: String(hiddenId) },
      });
      expect(r.status, label(u)).toBe(404);
      expect(r.body).toMatchObject({ code: "not_found" });
      expect(r.text).not.toContain(SECRET);
    }
    for (const u of [commenter, mod]) {
      const r = await call(commentChangeLogs, `/api/comments/${hiddenId}/change-logs`, {
        ...as(u),
        params: { id: String(hiddenId) },
      });
      expect(r.status, label(u)).toBe(200);
      expect(r.text).toContain(SECRET);
    }
  });

  it("is not mailed: a reply mail queued before the comment was hidden is cancelled", async () => {
    const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.userId, postAuthor.id));
    const byNote = rows.map((m) => ({ status: m.status, lastError: m.lastError }));
    expect(byNote).toEqual(
      expect.arrayContaining([
        { status: "sent", lastError: null },
        { status: "cancelled", lastError: "post or comment not visible" },
      ]),
    );
    expect(smtp.received.length).toBeGreaterThan(0);
    for (const m of smtp.received) expect(m.raw).not.toContain(SECRET);
  });

  it("is announced on the live stream when hidden (open pages refresh and blank it), never with its text", async () => {
    // Its creation, its edit, its hiding (migration 0018), then the reply to it made after it was hidden.
    await expect
      .poll(() => anonEvents.some((e) => e.type === "comment" && e.commentId === replyId), { timeout: 3000, interval: 20 })
      .toBe(true);
    const about = anonEvents.filter((e) => e.commentId === hiddenId);
    expect(about.map((e) => e.type)).toEqual(["comment", "comment_changed", "comment_changed"]);
    expect(about[2]).toMatchObject({ postId, commentId: hiddenId });
    const fields = new Set(["id", "type", "postId", "commentId", "parentId", "actorId", "authorId", "status", "scope", "categoryId"]);
    for (const e of [...about, ...anonEvents.filter((x) => x.commentId === replyId)]) {
      expect(
        Object.keys(e).filter((k) => !fields.has(k)),
        JSON.stringify(e),
      ).toEqual([]);
    }
    expect(anonFrames.length).toBeGreaterThan(3);
    for (const f of anonFrames) expect(f).not.toContain(SECRET);
  });
});
