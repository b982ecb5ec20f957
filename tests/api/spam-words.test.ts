// Issue 58 item 2: watched words (BLOCK, REQUIRE_APPROVAL, CENSOR, FLAG) on every field, and their admin API.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db";
import { auditLogs, flags, posts, spamEvents, users, watchedWords } from "@/db/schema";
import { GET as listWords, POST as addWord } from "@/app/api/admin/watched-words/route";
import { DELETE as deleteWord } from "@/app/api/admin/watched-words/[id]/route";
import { GET as getPost } from "@/app/api/posts/[id]/route";
import { PUT as updateMe } from "@/app/api/users/me/route";
import { GET as profile } from "@/app/api/users/[idOrUsername]/route";
import { POST as send } from "@/app/api/messages/route";
import { POST as register } from "@/app/api/auth/register/route";
import { peerHeaders } from "@/lib/api/client-ip";
import { forgetSpamLists } from "@/lib/services/spam/lists";
import { call, comment, member, post, theAdmin, watch } from "./spam-helpers";

describe("GET/POST/DELETE /api/admin/watched-words", () => {
  it("lists, adds (audited, 409 on a duplicate in any case, 400 naming `word`), removes (404 after); admins only", async () => {
    const admin = await theAdmin();
    const w = await watch("Casino*", "BLOCK");
    const dup = await call(addWord, "/api/admin/watched-words", { token: admin.token, body: { word: "casino*", action: "FLAG" } });
    expect(dup.status).toBe(409);
    for (const body of [{ word: "**", action: "BLOCK" }, { word: "x", action: "DROP" }, { action: "BLOCK" }]) {
      const bad = await call(addWord, "/api/admin/watched-words", { token: admin.token, body });
      expect(bad.status).toBe(400);
      expect(["word", "action"]).toContain(bad.body.field);
    }
    const list = await call(listWords, "/api/admin/watched-words", { token: admin.token });
    expect(list.body).toEqual(expect.arrayContaining([expect.objectContaining({ id: w.id, word: "Casino*", action: "BLOCK" })]));
    const user = await member(1);
    expect((await call(listWords, "/api/admin/watched-words", { token: user.token })).status).toBe(403);
    expect((await call(addWord, "/api/admin/watched-words", { token: user.token, body: { word: "y", action: "BLOCK" } })).status).toBe(403);
    const del = await call(deleteWord, `/api/admin/watched-words/${w.id}`, {
      method: "DELETE",
      token: admin.token,
      params: { id: String(w.id) },
    });
    expect(del.status).toBe(204);
    expect(
      (await call(deleteWord, `/api/admin/watched-words/${w.id}`, { method: "DELETE", token: admin.token, params: { id: String(w.id) } }))
        .status,
    ).toBe(404);
    const lines = await db.select({ action: auditLogs.action }).from(auditLogs).where(eq(auditLogs.targetType, "watched-word"));
    expect(lines.map((l) => l.action)).toEqual(["spam.word.add", "spam.word.delete"]);
    expect(await db.select().from(watchedWords).where(eq(watchedWords.id, w.id))).toHaveLength(0);
  });
});

describe("BLOCK: 400 watched_word naming the word and the field", () => {
  it("on titles, posts, comments, direct messages, usernames, display names and profile texts (English and Chinese)", async () => {
    await watch("pills", "BLOCK");
    await watch("代开发票", "BLOCK");
    forgetSpamLists();
    const u = await member(1);
    const t = await post(u, { title: "Cheap PILLS here" });
    expect(t.status).toBe(400);
    expect(t.body).toMatchObject({ code: "watched_word", field: "title", word: "pills" });
    expect(t.body.error).toContain("pills");
    const c = await post(u, { content: "专业代开发票" });
    expect(c.body).toMatchObject({ code: "watched_word", field: "content", word: "代开发票" });
    const host = await post(u);
    const cm = await comment(u, host.body.id, "more pills?");
    expect(cm.body).toMatchObject({ code: "watched_word", field: "content" });
    const to = await member(1);
    const dm = await call(send, "/api/messages", { token: u.token, body: { recipientId: to.id, content: "pills for you" } });
    expect(dm.status).toBe(400);
    expect(dm.body).toMatchObject({ code: "watched_word", field: "content", word: "pills" });
    const dn = await call(updateMe, "/api/users/me", { method: "PUT", token: u.token, body: { displayName: "Pills Guy" } });
    expect(dn.body).toMatchObject({ code: "watched_word", field: "displayName" });
    const intro = await call(updateMe, "/api/users/me", { method: "PUT", token: u.token, body: { introduction: "I sell pills" } });
    expect(intro.body).toMatchObject({ code: "watched_word", field: "introduction" });
    const rn = await call(updateMe, "/api/users/me", { method: "PUT", token: u.token, body: { username: "pills" } });
    expect(rn.body).toMatchObject({ code: "watched_word", field: "username" });
    const reg = await call(register, "/api/auth/register", {
      body: { username: "pills", email: "p@example.org", password: "a-long-password" },
      headers: peerHeaders("198.51.100.20"),
    });
    expect(reg.status).toBe(400);
    expect(reg.body).toMatchObject({ code: "watched_word", field: "username" });
    // "pillsbury" is another word.
    expect((await post(u, { title: "Pillsbury dough" })).status).toBe(201);
    const blocked = await db
      .select()
      .from(spamEvents)
      .where(and(eq(spamEvents.userId, u.id), eq(spamEvents.kind, "blocked")));
    expect(blocked.length).toBeGreaterThanOrEqual(6);
  });
});

describe("REQUIRE_APPROVAL, CENSOR, FLAG", () => {
  it("REQUIRE_APPROVAL: a post waits (201 PENDING), a comment is held (201 PENDING, hidden, in the flag queue); a message is refused", async () => {
    await watch("crypto*", "REQUIRE_APPROVAL");
    const u = await member(1);
    const p = await post(u, { title: "Cryptocurrency tips" });
    expect(p.status).toBe(201);
    expect(p.body.status).toBe("PENDING");
    const host = await post(u);
    const c = await comment(u, host.body.id, "try crypto");
    expect(c.status).toBe(201);
    expect(c.body).toMatchObject({ status: "PENDING", hidden: true });
    expect(await db.select().from(flags).where(eq(flags.commentId, c.body.id))).toHaveLength(1);
    const dm = await call(send, "/api/messages", { token: u.token, body: { recipientId: (await member(1)).id, content: "crypto deal" } });
    expect(dm.body).toMatchObject({ code: "watched_word" });
  });

  it("CENSOR: published as written, shown masked (posts, comments, profile texts) and unmasked once the word goes", async () => {
    const w = await watch("darn", "CENSOR");
    const u = await member(1);
    const p = await post(u, { title: "Darn printers", content: "the darn thing" });
    expect(p.status).toBe(201);
    expect(p.body.status).toBe("PUBLISHED");
    const [row] = await db.select({ title: posts.title }).from(posts).where(eq(posts.id, p.body.id));
    expect(row!.title).toBe("Darn printers");
    await comment(u, p.body.id, "so darn slow");
    const shown = await call(getPost, `/api/posts/${p.body.id}`, { params: { id: String(p.body.id) } });
    expect(shown.body.title).toBe("■■■■ printers");
    expect(shown.body.content).toBe("the ■■■■ thing");
    expect(shown.body.comments[0].content).toBe("so ■■■■ slow");
    await call(updateMe, "/api/users/me", { method: "PUT", token: u.token, body: { introduction: "darn good" } });
    const prof = await call(profile, `/api/users/${u.username}`, { params: { idOrUsername: u.username } });
    expect(prof.body.introduction).toBe("■■■■ good");
    // A display name is never shown masked: refused instead.
    expect((await call(updateMe, "/api/users/me", { method: "PUT", token: u.token, body: { displayName: "Darn" } })).body.code).toBe(
      "watched_word",
    );
    const admin = await theAdmin();
    await call(deleteWord, `/api/admin/watched-words/${w.id}`, { method: "DELETE", token: admin.token, params: { id: String(w.id) } });
    const again = await call(getPost, `/api/posts/${p.body.id}`, { params: { id: String(p.body.id) } });
    expect(again.body.title).toBe("Darn printers");
  });

  it("FLAG: published, with a system flag raised on the post or comment", async () => {
    await watch("telegram", "FLAG");
    const u = await member(1);
    const p = await post(u, { content: "ping me on Telegram" });
    expect(p.status).toBe(201);
    expect(p.body.status).toBe("PUBLISHED");
    const [f] = await db
      .select({ reporter: users.username, note: flags.note, reason: flags.reason })
      .from(flags)
      .innerJoin(users, eq(users.id, flags.reporterId))
      .where(eq(flags.postId, p.body.id));
    expect(f).toMatchObject({ reporter: "system", reason: "SPAM" });
    expect(f!.note).toContain("telegram");
    const c = await comment(u, p.body.id, "telegram again");
    expect(c.status).toBe(201);
    expect(c.body.hidden).toBe(false);
    expect(await db.select().from(flags).where(eq(flags.commentId, c.body.id))).toHaveLength(1);
  });
});
