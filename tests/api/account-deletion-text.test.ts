// Deleting an account, the text half (issue 60): after a deletion with content "keep", the old names and
// the old address are in no text a reader can see or search: other members' mentions in titles, contents
// and version histories, and the member's own posts, comments, messages and histories that spell them out.
// Whole words only: a longer word, a longer name, another address or a link keeps what was written.
import { eq, inArray, or } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db";
import { comments, drafts, mailOutbox, messages, notifications, postChangeLogs, posts, usernameHistory, users } from "@/db/schema";
import { DELETE as deleteMe } from "@/app/api/users/me/route";
import { PUT as editPost } from "@/app/api/posts/[id]/route";
import { PUT as editComment } from "@/app/api/comments/[id]/route";
import { GET as postHistory } from "@/app/api/posts/[id]/change-logs/route";
import { GET as commentHistory } from "@/app/api/comments/[id]/change-logs/route";
import { GET as searchPosts } from "@/app/api/search/posts/route";
import { GET as searchGlobal } from "@/app/api/search/global/route";
import { POST as sendInConversation } from "@/app/api/messages/conversations/[id]/messages/route";
import { POST as createConversation } from "@/app/api/messages/conversations/route";
import { POST as addPeople } from "@/app/api/messages/conversations/[id]/participants/route";
import { searchEverything } from "@/lib/services/search/everything";
import { searchPostsQuerySchema } from "@/lib/validation/search";
import { peerHeaders } from "@/lib/api/client-ip";
import { asViewer, call, makeUser, type TestUser, insertComment, insertPost } from "../helpers";

let ip = 0;
const nextIp = () => peerHeaders(`198.51.100.${++ip}`);

const postBy = insertPost;
const commentBy = insertComment;

const edit = (u: TestUser, postId: number, body: { title?: string; content?: string }) =>
  call(editPost, `/api/posts/${postId}`, { method: "PUT", token: u.token, params: { id: String(postId) }, body });
const editC = (u: TestUser, commentId: number, content: string) =>
  call(editComment, `/api/comments/${commentId}`, { method: "PUT", token: u.token, params: { id: String(commentId) }, body: { content } });

/** A member with a current name, an earlier one and an address whose dots and plus mean something in a regex. */
async function member(name: string, earlier: string, email: string) {
  const u = await makeUser({ username: name, password: "right-password" });
  await db.update(users).set({ email }).where(eq(users.id, u.id));
  await db.insert(usernameHistory).values({ userId: u.id, username: earlier });
  return u;
}

async function deleteAccount(u: TestUser, content: "keep" | "remove") {
  const r = await call(deleteMe, "/api/users/me", {
    method: "DELETE",
    token: u.token,
    headers: nextIp(),
    body: { password: "right-password", content },
  });
  expect(r.status, r.text).toBe(200);
}
const deleteKeeping = (u: TestUser) => deleteAccount(u, "keep");

/** Every stored text this deletion rewrites, as one string per row and column. */
async function storedTexts(postIds: number[], commentIds: number[], conversationIds: number[], userIds: number[]) {
  const p = await db.select({ t: posts.title, c: posts.content }).from(posts).where(inArray(posts.id, postIds));
  const c = await db.select({ c: comments.content }).from(comments).where(inArray(comments.id, commentIds));
  const m = await db.select({ c: messages.content }).from(messages).where(inArray(messages.conversationId, conversationIds));
  const h = await db
    .select({ a: postChangeLogs.oldTitle, b: postChangeLogs.newTitle, c: postChangeLogs.oldContent, d: postChangeLogs.newContent })
    .from(postChangeLogs)
    .where(or(inArray(postChangeLogs.postId, postIds), inArray(postChangeLogs.commentId, commentIds)));
  const d = await db.select({ t: drafts.title, c: drafts.content }).from(drafts).where(inArray(drafts.userId, userIds));
  const n = await db.select({ c: notifications.content }).from(notifications).where(inArray(notifications.userId, userIds));
  return [...p, ...c, ...m, ...h, ...d, ...n].flatMap((r) => Object.values(r)).filter((v): v is string => typeof v === "string");
}

describe("deleting an account: the old names and address in stored text", () => {
  it("no search, history or stored text finds them: other members' mentions (titles, histories) and the member's own kept text", async () => {
    const email = "P.Aldo+forum@mail.example";
    const u = await member("paldo_x", "paldo_was", email);
    const other = await makeUser({ username: "paldo_other" });
    const staff = await makeUser({ username: "paldo_staff", role: "MODERATOR" });
    const viewer = await makeUser({ username: "paldo_viewer" });
    const word = /(?<![A-Za-z0-9_-])(paldo_x|paldo_was)(?![A-Za-z0-9_-])/i;

    // Other members mention both names in a title, a post they then edit (the history keeps it) and comments.
    const theirs = await postBy(other.id, "Thanks @paldo_x for the walnut tips", "walnut notes, @Paldo_Was helped");
    expect((await edit(other, theirs.id, { title: "Walnut tips", content: "walnut notes, edited" })).status).toBe(200);
    const theirComment = await commentBy(other.id, theirs.id, "walnut reply @PALDO_X");
    expect((await editC(other, theirComment.id, "walnut reply, edited")).status).toBe(200);
    await db.insert(drafts).values({ userId: other.id, title: "Draft for @paldo_x", content: "walnut draft @paldo_was" });

    // The member spells out their names and address in their own posts, comments and messages, and edits them.
    const own = await postBy(u.id, "Paldo_x's walnut guide", `I am Paldo_X (once paldo_was), write to ${email}.`);
    expect((await edit(u, own.id, { content: `Walnut guide by paldo_x, mail ${email.toLowerCase()} or @paldo_x` })).status).toBe(200);
    // A moderator's edit of the member's post: the history entry's old text is still the member's.
    expect((await edit(staff, own.id, { content: "Walnut guide, tidied by staff" })).status).toBe(200);
    const ownComment = await commentBy(u.id, theirs.id, "walnut answer from paldo_x");
    expect((await editC(u, ownComment.id, `walnut answer from Paldo_X, ${email}`)).status).toBe(200);
    // A staff member's group (members below level 1 start conversations with staff only); its system line
    // "paldo_staff added paldo_x" names the member in someone else's message.
    const group = await call(createConversation, "/api/messages/conversations", {
      token: staff.token,
      body: { recipientIds: [viewer.id], name: "walnut group" },
    });
    expect(group.status, group.text).toBe(200);
    const groupId = group.body.conversationId as number;
    const added = await call(addPeople, `/api/messages/conversations/${groupId}/participants`, {
      token: staff.token,
      params: { id: String(groupId) },
      body: { userIds: [u.id] },
    });
    expect(added.status, added.text).toBe(200);
    const dm = await call(sendInConversation, `/api/messages/conversations/${groupId}/messages`, {
      token: u.token,
      params: { id: String(groupId) },
      body: { content: `walnut? paldo_x here, ${email}` },
    });
    expect(dm.status, dm.text).toBe(200);
    const conversations = [groupId];

    const searches = async () => {
      const hits: unknown[] = [];
      for (const kw of ["paldo_x", "paldo_was", email, "walnut"]) {
        const q = encodeURIComponent(kw);
        hits.push((await call(searchGlobal, `/api/search/global?keyword=${q}`, { token: viewer.token })).body);
        hits.push((await call(searchPosts, `/api/search/posts?keyword=${q}`, { token: viewer.token })).body);
        const parsed = searchPostsQuerySchema.parse({ keyword: kw });
        hits.push(await searchEverything(asViewer(viewer), { ...parsed, kind: "all", exact: true }));
      }
      return JSON.stringify(hits);
    };
    const histories = async () =>
      JSON.stringify([
        (await call(postHistory, `/api/posts/${theirs.id}/change-logs`, { token: viewer.token, params: { id: String(theirs.id) } })).body,
        (await call(postHistory, `/api/posts/${own.id}/change-logs`, { token: viewer.token, params: { id: String(own.id) } })).body,
        (await call(commentHistory, `/api/comments/${theirComment.id}/change-logs`, { params: { id: String(theirComment.id) } })).body,
        (await call(commentHistory, `/api/comments/${ownComment.id}/change-logs`, { params: { id: String(ownComment.id) } })).body,
      ]);
    const texts = () =>
      storedTexts([theirs.id, own.id], [theirComment.id, ownComment.id], conversations, [u.id, other.id, staff.id, viewer.id]);

    // Before: each place holds the names (so the checks below can fail).
    expect(await searches()).toMatch(word);
    expect(await searches()).toContain(email);
    expect(await histories()).toMatch(word);
    expect((await texts()).filter((t) => word.test(t)).length).toBeGreaterThan(10);

    await deleteKeeping(u);
    const gone = `deleted-${u.id}`;

    const found = await searches();
    expect(found).not.toMatch(word);
    expect(found.toLowerCase()).not.toContain(email.toLowerCase());
    expect(found).toContain("walnut");
    const h = await histories();
    expect(h).not.toMatch(word);
    expect(h.toLowerCase()).not.toContain(email.toLowerCase());
    expect(h).toContain(`@${gone}`);
    const stored = await texts();
    expect(stored.filter((t) => word.test(t) || t.toLowerCase().includes(email.toLowerCase()))).toEqual([]);

    // What the rows say now, exactly.
    const [t] = await db.select().from(posts).where(eq(posts.id, theirs.id));
    expect(t!.title).toBe("Walnut tips");
    const [o] = await db.select().from(posts).where(eq(posts.id, own.id));
    expect(o!.title).toBe(`${gone}'s walnut guide`);
    const ownLog = await db.select().from(postChangeLogs).where(eq(postChangeLogs.postId, own.id)).orderBy(postChangeLogs.id);
    expect(ownLog.map((l) => [l.oldContent, l.newContent])).toEqual([
      [
        `I am ${gone} (once ${gone}), write to ${gone}@deleted.invalid.`,
        `Walnut guide by ${gone}, mail ${gone}@deleted.invalid or @${gone}`,
      ],
      [`Walnut guide by ${gone}, mail ${gone}@deleted.invalid or @${gone}`, "Walnut guide, tidied by staff"],
    ]);
    const theirLog = await db.select().from(postChangeLogs).where(eq(postChangeLogs.postId, theirs.id)).orderBy(postChangeLogs.id);
    expect(theirLog.filter((l) => l.commentId === null).flatMap((l) => [l.oldTitle, l.oldContent].filter(Boolean))).toEqual([
      `Thanks @${gone} for the walnut tips`,
      `walnut notes, @${gone} helped`,
    ]);
    const [msg] = await db
      .select()
      .from(messages)
      .where(eq(messages.id, dm.body.id as number));
    expect(msg!.content).toBe(`walnut? ${gone} here, ${gone}@deleted.invalid`);
    const [d] = await db.select().from(drafts).where(eq(drafts.userId, other.id));
    expect([d!.title, d!.content]).toEqual([`Draft for @${gone}`, `walnut draft @${gone}`]);
  });

  it("whole words and the exact address only: longer words, other names, other addresses and links keep what was written", async () => {
    const email = "a.lice+x@mail.example";
    const u = await member("alice_q", "alice_old", email);
    const other = await makeUser({ username: "alice_q_friend" });
    const decoys = [
      "malice_q",
      "alice_qs",
      "alice_q_b",
      "alice_q-b",
      "alice_q@other.example",
      "bob@alice_q.example",
      "https://alice_q.example/x",
      "example.com/alice_q",
      "xa.lice+x@mail.example",
      "aXlice+x@mail.example",
      "a.liceeex@mail.example",
      "a.lice+x@mail.example.org",
    ].join(" ");
    // A link's query naming them is their name as a word (after `=`): it goes too, in their own text.
    const link = "https://example.com/?u=alice_old";
    const own = await postBy(u.id, "Alice_Q here", `Alice_Q. (alice_old) ${email}, A.LICE+X@MAIL.EXAMPLE. ${decoys} ${link}`);
    const ownComment = await commentBy(u.id, own.id, `"alice_q": ${decoys}`);
    const theirs = await postBy(other.id, "About @alice_q_friend", `@alice_q, @alice_old! alice_q ${decoys} ${link}`);

    await deleteKeeping(u);
    const gone = `deleted-${u.id}`;
    const [p] = await db.select().from(posts).where(eq(posts.id, own.id));
    expect(p!.title).toBe(`${gone} here`);
    expect(p!.content).toBe(
      `${gone}. (${gone}) ${gone}@deleted.invalid, ${gone}@deleted.invalid. ${decoys} https://example.com/?u=${gone}`,
    );
    const [c] = await db.select().from(comments).where(eq(comments.id, ownComment.id));
    expect(c!.content).toBe(`"${gone}": ${decoys}`);
    // Another member's text: mentions only (their own words are theirs).
    const [t] = await db.select().from(posts).where(eq(posts.id, theirs.id));
    expect(t!.title).toBe("About @alice_q_friend");
    expect(t!.content).toBe(`@${gone}, @${gone}! alice_q ${decoys} ${link}`);
  });

  it("content remove: the emptied comments' earlier versions, the member's draft and mail to the address go too", async () => {
    const u = await member("rook_q", "rook_was", "rook.q@mail.example");
    const other = await makeUser({ username: "rook_q_other" });
    const theirs = await postBy(other.id, "Rook thread", "a thread");
    const c = await commentBy(u.id, theirs.id, "first words of rook_q");
    expect((await editC(u, c.id, "second words of rook_q")).status).toBe(200);
    await db.insert(drafts).values({ userId: u.id, title: "rook_q's draft", content: "unfinished" });
    // A password reset is queued without a member id; it names the address only.
    await db.insert(mailOutbox).values({ kind: "reset", toAddress: "Rook.Q@mail.example" });
    expect(await db.select().from(postChangeLogs).where(eq(postChangeLogs.commentId, c.id))).toHaveLength(1);
    await deleteAccount(u, "remove");
    expect(await db.select().from(postChangeLogs).where(eq(postChangeLogs.commentId, c.id))).toEqual([]);
    expect(await db.select().from(drafts).where(eq(drafts.userId, u.id))).toEqual([]);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.kind, "reset"))).toEqual([]);
    expect((await db.select().from(comments).where(eq(comments.id, c.id)))[0]!.content).toBe("");
  });
});
