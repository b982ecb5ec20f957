import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db";
import { apiTokens, emailPrefs, mailOutbox, posts } from "@/db/schema";
import { POST as postComment } from "@/app/api/posts/[id]/comments/route";
import { GET as getPrefs, PUT as putPrefs, POST as postPrefs } from "@/app/api/notifications/email-prefs/route";
import { POST as unsubscribe } from "@/app/api/notifications/unsubscribe/route";
import { GET as me } from "@/app/api/users/me/route";
import { drainOutbox, outboxIdle, processDigests, processReplyMail } from "@/lib/jobs/mail-drain";
import { emailPrefsSchema } from "@/lib/validation/mail";
import { call, makeCategory, makeUser, type TestUser } from "../helpers";
import { linkIn, rawHeader, TestSmtp, unsubscribeTarget } from "./mail-helpers";

/** Reply and mention mail for members who are away, digests, preferences and one-click unsubscribe. */

const smtp = new TestSmtp();
let category: number;
beforeAll(async () => {
  process.env.MAIL_AWAY_MINUTES = "10";
  await smtp.start();
  category = (await makeCategory()).id;
});
afterAll(async () => {
  await outboxIdle();
  await smtp.stop();
});
beforeEach(async () => {
  smtp.received = [];
  await db.execute(sql`delete from mail_outbox`);
});

const address = (u: TestUser) => `${u.username.toLowerCase()}@example.test`;

/** A post written directly (so its author has not been "seen" through the API). */
async function postBy(u: TestUser, title = "A thread", visibleScope: "ALL" | "ONLY_ME" = "ALL") {
  const [p] = await db
    .insert(posts)
    .values({ title, content: "What do you think?", authorId: u.id, categoryId: category, visibleScope })
    .returning();
  return p!;
}
const reply = (by: TestUser, postId: number, content: string, parentId?: number) =>
  call(postComment, `/api/posts/${postId}/comments`, {
    token: by.token,
    body: { content, ...(parentId ? { parentId } : {}) },
    params: { id: String(postId) },
  });
/** Marks a member as seen now (any request with their token), or long ago. */
const seenNow = async (u: TestUser) => expect((await call(me, "/api/users/me", { token: u.token })).status).toBe(200);
const seenLongAgo = (u: TestUser) =>
  db
    .update(apiTokens)
    .set({ lastUsedAt: sql`now() - interval '2 hours'` })
    .where(eq(apiTokens.userId, u.id));

async function deliverQueued() {
  await processReplyMail();
  await processDigests();
  return drainOutbox();
}

describe("reply and mention mail", () => {
  it("mails a reply to a member who is away, and not to one who is on the site", async () => {
    const [away, present, replier] = [await makeUser(), await makeUser(), await makeUser()];
    await seenLongAgo(away);
    await seenNow(present);
    const p1 = await postBy(away, "Away thread");
    const p2 = await postBy(present, "Present thread");
    expect((await reply(replier, p1.id, "Good **question**, here is my answer.")).status).toBe(201);
    expect((await reply(replier, p2.id, "Another answer")).status).toBe(201);

    await deliverQueued();
    expect(smtp.to(address(present))).toHaveLength(0);
    const mails = smtp.to(address(away));
    expect(mails).toHaveLength(1);
    const m = mails[0]!;
    expect(m.subject).toBe(`[Forum] ${replier.username} replied in “Away thread”`);
    expect(m.text).toContain("Good question, here is my answer.");
    expect(m.html).toContain("Good question, here is my answer.");
    const link = linkIn(m, "/posts/");
    expect(link.href).toMatch(new RegExp(`^http://localhost:3000/posts/${p1.id}#comment-\\d+$`));
    expect(rawHeader(m, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(unsubscribeTarget(m).searchParams.get("u")).toBe(String(away.id));
    // Processed once: running the jobs again sends nothing more.
    await deliverQueued();
    expect(smtp.received).toHaveLength(1);
  });

  it("mails a mention, and never about a post the member may not see", async () => {
    const [mentioned, author, hidden] = [await makeUser(), await makeUser(), await makeUser()];
    await seenLongAgo(mentioned);
    await seenLongAgo(hidden);
    const open = await postBy(author, "Open thread");
    expect((await reply(author, open.id, `Hey @${mentioned.username}, look at this`)).status).toBe(201);
    // A comment on a post that becomes private (ONLY_ME) before the mail goes out.
    const soonPrivate = await postBy(author, "Soon private");
    expect((await reply(author, soonPrivate.id, `@${hidden.username} see here`)).status).toBe(201);
    await processReplyMail();
    await db.update(posts).set({ visibleScope: "ONLY_ME" }).where(eq(posts.id, soonPrivate.id));
    const r = await drainOutbox();
    expect(r).toMatchObject({ sent: 1, cancelled: 1 });
    const [m] = smtp.to(address(mentioned));
    expect(m!.subject).toBe(`[Forum] ${author.username} mentioned you in “Open thread”`);
    expect(smtp.to(address(hidden))).toHaveLength(0);
    const [cancelled] = await db.select().from(mailOutbox).where(eq(mailOutbox.userId, hidden.id));
    expect(cancelled).toMatchObject({ status: "cancelled", lastError: "post or comment not visible" });
  });

  it("sends nothing immediately to members in digest or off mode", async () => {
    const [daily, off, replier] = [await makeUser(), await makeUser(), await makeUser()];
    await seenLongAgo(daily);
    await seenLongAgo(off);
    expect(
      (await call(putPrefs, "/api/notifications/email-prefs", { method: "PUT", token: daily.token, body: { mode: "daily" } })).status,
    ).toBe(200);
    expect(
      (await call(putPrefs, "/api/notifications/email-prefs", { method: "PUT", token: off.token, body: { mode: "off" } })).status,
    ).toBe(200);
    await seenLongAgo(daily);
    await seenLongAgo(off);
    await reply(replier, (await postBy(daily)).id, "for daily");
    await reply(replier, (await postBy(off)).id, "for off");
    await deliverQueued();
    expect(smtp.received).toHaveLength(0);
  });
});

describe("digests", () => {
  it("sends a daily digest of unread replies and mentions once per day", async () => {
    const [reader, replier] = [await makeUser(), await makeUser()];
    const set = await call(putPrefs, "/api/notifications/email-prefs", { method: "PUT", token: reader.token, body: { mode: "daily" } });
    expect(emailPrefsSchema.parse(set.body)).toEqual({ mode: "daily", awayMinutes: 10 });
    const p = await postBy(reader, "Digest thread");
    await reply(replier, p.id, "first reply");
    // A mention in someone else's thread (in a reply to the reader's own post, the reply notification
    // would be the one notification of that comment).
    const other = await postBy(replier, "Other thread");
    await reply(replier, other.id, `second, @${reader.username}`);
    // Not due yet (the period started when the mode was chosen).
    await deliverQueued();
    expect(smtp.received).toHaveLength(0);

    // A day later.
    await db
      .update(emailPrefs)
      .set({ lastDigestAt: sql`now() - interval '25 hours'` })
      .where(eq(emailPrefs.userId, reader.id));
    const [a, b] = await Promise.all([processDigests(), processDigests()]);
    expect(a + b).toBe(1);
    await drainOutbox();
    const mails = smtp.to(address(reader));
    expect(mails).toHaveLength(1);
    const m = mails[0]!;
    expect(m.subject).toMatch(/^\[Forum\] \d+ replies and mentions from the past day$/);
    expect(m.text).toContain("first reply");
    expect(m.text).toContain(`${replier.username} mentioned you in “Other thread”`);
    expect(linkIn(m, "/notifications").pathname).toBe("/notifications");
    expect(unsubscribeTarget(m).searchParams.get("u")).toBe(String(reader.id));
    // The next digest is a day away.
    await deliverQueued();
    expect(smtp.received).toHaveLength(1);
    const [prefs] = await db.select().from(emailPrefs).where(eq(emailPrefs.userId, reader.id));
    expect(Date.now() - prefs!.lastDigestAt!.getTime()).toBeLessThan(60_000);
  });
});

describe("email preferences and unsubscribe", () => {
  it("reads and changes the preference, with validation and authentication", async () => {
    const u = await makeUser();
    const r = await call(getPrefs, "/api/notifications/email-prefs", { token: u.token });
    expect(r.status).toBe(200);
    expect(emailPrefsSchema.parse(r.body)).toEqual({ mode: "immediate", awayMinutes: 10 });
    const w = await call(postPrefs, "/api/notifications/email-prefs", { token: u.token, body: { mode: "weekly" } });
    expect(w.body.mode).toBe("weekly");
    expect((await call(getPrefs, "/api/notifications/email-prefs", { token: u.token })).body.mode).toBe("weekly");
    const bad = await call(putPrefs, "/api/notifications/email-prefs", { method: "PUT", token: u.token, body: { mode: "hourly" } });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("mode");
    expect((await call(getPrefs, "/api/notifications/email-prefs")).status).toBe(401);
  });

  it("unsubscribes in one click from the List-Unsubscribe header, without signing in", async () => {
    const [u, replier] = [await makeUser(), await makeUser()];
    await seenLongAgo(u);
    const p = await postBy(u, "Unsub thread");
    await reply(replier, p.id, "one");
    await deliverQueued();
    const [m] = smtp.to(address(u));
    const target = unsubscribeTarget(m!);
    const forged = await call(unsubscribe, `${target.pathname}?u=${u.id}&t=${"x".repeat(32)}`, { method: "POST" });
    expect(forged.status).toBe(400);
    const other = await call(unsubscribe, `${target.pathname}?u=${replier.id}&t=${target.searchParams.get("t")}`, { method: "POST" });
    expect(other.status).toBe(400);

    const r = await call(unsubscribe, target.pathname + target.search, {
      method: "POST",
      rawBody: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(r.status).toBe(200);
    expect(r.body.mode).toBe("off");
    smtp.received = [];
    await reply(replier, p.id, "two");
    await deliverQueued();
    expect(smtp.received).toHaveLength(0);
  });
});
