import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db";
import { apiTokens, emailCodes, notifications, users, usernameHistory } from "@/db/schema";
import { GET as me, PUT as updateMe } from "@/app/api/users/me/route";
import { GET as profile } from "@/app/api/users/[idOrUsername]/route";
import { GET as emailState, POST as requestEmail, DELETE as cancelEmail } from "@/app/api/users/me/email/route";
import { POST as confirmEmail } from "@/app/api/users/me/email/confirm/route";
import { GET as listWatches, PUT as putWatch } from "@/app/api/users/me/watches/route";
import { GET as pageState } from "@/app/api/users/me/page-state/route";
import { POST as createPost } from "@/app/api/posts/route";
import { GET as getPost } from "@/app/api/posts/[id]/route";
import { POST as postComment } from "@/app/api/posts/[id]/comments/route";
import { PUT as putConfig } from "@/app/api/admin/config/route";
import { POST as register } from "@/app/api/auth/register/route";
import { GET as suggest } from "@/app/api/users/suggest/route";
import { drainOutbox, outboxIdle, processReplyMail } from "@/lib/jobs/mail-drain";
import { listPostIds } from "@/lib/services/posts/list";
import { errorSchema, meSchema } from "@/lib/validation/responses";
import { call, makeCategory, makeTag, makeUser, type TestUser } from "../helpers";
import { TestSmtp } from "./mail-helpers";

/** display name, email change, username change, watching and muting. */

const smtp = new TestSmtp();
beforeAll(async () => {
  process.env.MAIL_AWAY_MINUTES = "10";
  await smtp.start();
});
afterAll(async () => {
  await outboxIdle();
  await smtp.stop();
});
beforeEach(() => {
  smtp.received = [];
});

const put = (u: TestUser, body: unknown) => call(updateMe, "/api/users/me", { method: "PUT", token: u.token, body });
const address = (u: { username: string }) => `${u.username.toLowerCase()}@example.test`;
const setRenames = async (days: number | null) => {
  const admin = await makeUser({ role: "ADMIN" });
  const r = await call(putConfig, "/api/admin/config", { method: "PUT", token: admin.token, body: { usernameChangeDays: days } });
  expect(r.status).toBe(200);
  expect(r.body.usernameChangeDays).toBe(days);
};
const newPost = (u: TestUser, body: Record<string, unknown>) =>
  call(createPost, "/api/posts", { token: u.token, body: { title: "A new thread", content: "Hello there, watchers.", ...body } });

describe("display name", () => {
  it("is saved as plain text, shown beside the username in user, post, comment and suggestion answers", async () => {
    const u = await makeUser();
    // A NUL cannot be stored: refused at the edge, naming the field; the invisible controls are stripped.
    expect((await put(u, { displayName: "Ada\u0000" })).body).toMatchObject({ code: "validation_failed", field: "displayName" });
    const r = await put(u, { displayName: "  Ada\u202e  Lovelace\u200b " });
    expect(r.status).toBe(200);
    expect(meSchema.parse(r.body).displayName).toBe("Ada Lovelace");
    const [row] = await db.select({ d: users.displayName }).from(users).where(eq(users.id, u.id));
    expect(row!.d).toBe("Ada Lovelace");

    const p = await call(profile, `/api/users/${u.username}`, { params: { idOrUsername: u.username } });
    expect(p.body).toMatchObject({ username: u.username, displayName: "Ada Lovelace" });

    const cat = await makeCategory();
    const created = await newPost(u, { categoryId: cat.id });
    expect(created.status).toBe(201);
    expect(created.body.author).toMatchObject({ username: u.username, displayName: "Ada Lovelace" });
    const c = await call(postComment, `/api/posts/${created.body.id}/comments`, {
      token: u.token,
      body: { content: "A comment of mine" },
      params: { id: String(created.body.id) },
    });
    expect(c.body.author.displayName).toBe("Ada Lovelace");
    const read = await call(getPost, `/api/posts/${created.body.id}`, { params: { id: String(created.body.id) } });
    expect(read.body.author.displayName).toBe("Ada Lovelace");
    const s = await call(suggest, `/api/users/suggest?prefix=${u.username.slice(0, 5)}`);
    expect(s.body.find((x: { id: number }) => x.id === u.id)?.displayName).toBe("Ada Lovelace");

    // Members without one answer null (the field is always there); "" removes it; too long is a 400.
    const other = await makeUser();
    expect((await call(me, "/api/users/me", { token: other.token })).body.displayName).toBeNull();
    expect((await put(u, { displayName: "x".repeat(41) })).body).toMatchObject({ code: "validation_failed", field: "displayName" });
    expect((await put(u, { displayName: "" })).body.displayName).toBeNull();
  });
});

describe("email change", () => {
  it("mails a code to the new address; the address changes only with that code, and the old one is told", async () => {
    const u = await makeUser();
    const next = `new-${u.username.toLowerCase()}@example.test`;
    const wrongPassword = await call(requestEmail, "/api/users/me/email", { token: u.token, body: { email: next, password: "nope-nope" } });
    expect(wrongPassword.status).toBe(400);
    expect(errorSchema.parse(wrongPassword.body).field).toBe("password");

    const taken = await makeUser();
    const clash = await call(requestEmail, "/api/users/me/email", {
      token: u.token,
      body: { email: address(taken).toUpperCase(), password: "demo-password" },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.field).toBe("email");

    const asked = await call(requestEmail, "/api/users/me/email", { token: u.token, body: { email: next, password: "demo-password" } });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ email: address(u), pendingEmail: next });
    await drainOutbox();
    const mail = smtp.to(next);
    expect(mail).toHaveLength(1);
    const code = /\b(\d{6})\b/.exec(mail[0]!.subject)![1]!;
    expect(mail[0]!.text).toContain(`/settings/account?code=${code}`);
    // Nothing has changed yet.
    expect((await call(me, "/api/users/me", { token: u.token })).body.email).toBe(address(u));
    expect((await call(emailState, "/api/users/me/email", { token: u.token })).body.pendingEmail).toBe(next);

    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const wrong = await call(confirmEmail, "/api/users/me/email/confirm", { token: u.token, body: { code: wrongCode } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe("code");
    expect((await call(me, "/api/users/me", { token: u.token })).body.email).toBe(address(u));
    // Another member cannot use the code.
    expect((await call(confirmEmail, "/api/users/me/email/confirm", { token: taken.token, body: { code } })).status).toBe(400);

    const done = await call(confirmEmail, "/api/users/me/email/confirm", { token: u.token, body: { code } });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ email: next, emailVerified: true });
    const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, u.id));
    expect(row!.email).toBe(next);
    // Used once.
    expect((await call(confirmEmail, "/api/users/me/email/confirm", { token: u.token, body: { code } })).status).toBe(400);

    await drainOutbox();
    const notice = smtp.received.filter((m) => m.to.toLowerCase() === address(u));
    expect(notice).toHaveLength(1);
    expect(notice[0]!.subject).toMatch(/address was changed/);
    expect(notice[0]!.text).toContain(next);
  });

  it("a newer request or a cancel retires the earlier code; five wrong tries end a code; requests are rate limited", async () => {
    const u = await makeUser();
    const first = `first-${u.id}@example.test`;
    const second = `second-${u.id}@example.test`;
    await call(requestEmail, "/api/users/me/email", { token: u.token, body: { email: first, password: "demo-password" } });
    await drainOutbox();
    const firstCode = /\b(\d{6})\b/.exec(smtp.to(first)[0]!.subject)![1]!;
    await call(requestEmail, "/api/users/me/email", { token: u.token, body: { email: second, password: "demo-password" } });
    expect((await call(confirmEmail, "/api/users/me/email/confirm", { token: u.token, body: { code: firstCode } })).status).toBe(400);
    await drainOutbox();
    const secondCode = /\b(\d{6})\b/.exec(smtp.to(second)[0]!.subject)![1]!;
    for (let i = 0; i < 5; i++) {
      const bad = String((Number(secondCode) + 1 + i) % 1_000_000).padStart(6, "0");
      await call(confirmEmail, "/api/users/me/email/confirm", { token: u.token, body: { code: bad } });
    }
    expect((await call(confirmEmail, "/api/users/me/email/confirm", { token: u.token, body: { code: secondCode } })).status).toBe(400);

    const cancelled = await call(cancelEmail, "/api/users/me/email", { method: "DELETE", token: u.token });
    expect(cancelled.body.pendingEmail).toBeNull();
    const live = await db
      .select({ id: emailCodes.id })
      .from(emailCodes)
      .where(and(eq(emailCodes.userId, u.id), eq(emailCodes.purpose, "email"), sql`${emailCodes.usedAt} is null`));
    expect(live).toHaveLength(0);

    // 2 requests so far; 3 more pass, the 6th within the hour is refused.
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await call(requestEmail, "/api/users/me/email", {
            token: u.token,
            body: { email: `n${i}-${u.id}@example.test`, password: "demo-password" },
          })
        ).status,
      ).toBe(200);
    }
    const limited = await call(requestEmail, "/api/users/me/email", {
      token: u.token,
      body: { email: `late-${u.id}@example.test`, password: "demo-password" },
    });
    expect(limited.status).toBe(429);
  });
});

describe("username change", () => {
  it("is refused when the site turns renames off, and works when on; the old name keeps finding the member and stays theirs", async () => {
    const u = await makeUser();
    await setRenames(null);
    const off = await put(u, { username: `off-${u.id}` });
    expect(off.status).toBe(403);
    expect(errorSchema.parse(off.body)).toMatchObject({ code: "forbidden", field: "username" });
    expect((await call(me, "/api/users/me", { token: u.token })).body.username).toBe(u.username);

    await setRenames(30);
    const fresh = `renamed-${u.id}`;
    const r = await put(u, { username: fresh });
    expect(r.status).toBe(200);
    expect(r.body.username).toBe(fresh);
    const history = await db.select().from(usernameHistory).where(eq(usernameHistory.userId, u.id));
    expect(history.map((h) => h.username)).toEqual([u.username]);

    // The old name resolves to the member (API lookups keep working).
    const old = await call(profile, `/api/users/${u.username}`, { params: { idOrUsername: u.username.toUpperCase() } });
    expect(old.status).toBe(200);
    expect(old.body).toMatchObject({ id: u.id, username: fresh });

    // Once per 30 days: a second rename waits (a change of case does not count).
    const again = await put(u, { username: `again-${u.id}` });
    expect(again.status).toBe(403);
    expect(again.body.nextChangeAt).toBeTruthy();
    expect((await put(u, { username: fresh.toUpperCase() })).status).toBe(200);

    // Nobody else may take the old name, neither by renaming nor by registering.
    await setRenames(0);
    const other = await makeUser();
    const steal = await put(other, { username: u.username.toLowerCase() });
    expect(steal.status).toBe(409);
    expect(steal.body.field).toBe("username");
    const reg = await call(register, "/api/auth/register", {
      body: { username: u.username, email: `thief-${u.id}@example.test`, password: "long-enough-pw" },
      headers: { "x-forwarded-for": `10.9.${u.id % 250}.1` },
    });
    expect(reg.status).toBe(409);
    expect(reg.body.field).toBe("username");
    // The member may take their own old name back.
    expect((await put(u, { username: u.username })).status).toBe(200);
    await setRenames(30);
  });
});

describe("watching and muting categories and tags", () => {
  it("notifies watchers of a new post in a watched category or tag (and mails them as their settings say), not the author or muters", async () => {
    const cat = await makeCategory();
    const other = await makeCategory();
    const tag = await makeTag();
    const [author, catWatcher, tagWatcher, muter, bystander] = [
      await makeUser(),
      await makeUser(),
      await makeUser(),
      await makeUser(),
      await makeUser(),
    ];
    expect(
      (
        await call(putWatch, "/api/users/me/watches", {
          method: "PUT",
          token: catWatcher.token,
          body: { categoryId: cat.id, level: "WATCH" },
        })
      ).status,
    ).toBe(200);
    const tw = await call(putWatch, "/api/users/me/watches", {
      method: "PUT",
      token: tagWatcher.token,
      body: { tagId: tag.id, level: "WATCH" },
    });
    expect(tw.body).toEqual([expect.objectContaining({ kind: "tag", id: tag.id, name: tag.name, level: "WATCH" })]);
    // Watches the category but muted the tag: the mute wins.
    await call(putWatch, "/api/users/me/watches", { method: "PUT", token: muter.token, body: { categoryId: cat.id, level: "WATCH" } });
    await call(putWatch, "/api/users/me/watches", { method: "PUT", token: muter.token, body: { tagId: tag.id, level: "MUTE" } });
    await call(putWatch, "/api/users/me/watches", { method: "PUT", token: author.token, body: { categoryId: cat.id, level: "WATCH" } });
    const bad = await call(putWatch, "/api/users/me/watches", {
      method: "PUT",
      token: bystander.token,
      body: { categoryId: 99999999, level: "WATCH" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("categoryId");

    // The watchers have been away: their notifications are mailed.
    await db
      .update(apiTokens)
      .set({ lastUsedAt: sql`now() - interval '2 hours'` })
      .where(sql`${apiTokens.userId} in (${catWatcher.id}, ${tagWatcher.id})`);
    const p = await newPost(author, { categoryId: cat.id, tagIds: [tag.id] });
    expect(p.status).toBe(201);
    const elsewhere = await newPost(author, { categoryId: other.id });
    expect(elsewhere.status).toBe(201);

    const got = await db
      .select({ userId: notifications.userId, postId: notifications.postId, content: notifications.content })
      .from(notifications)
      .where(eq(notifications.type, "WATCHED_POST"));
    const mine = got.filter((n) => [author, catWatcher, tagWatcher, muter, bystander].some((x) => x.id === n.userId));
    expect(mine.map((n) => [n.userId, n.postId]).sort()).toEqual(
      [
        [catWatcher.id, p.body.id],
        [tagWatcher.id, p.body.id],
      ].sort(),
    );
    expect(mine.find((n) => n.userId === tagWatcher.id)!.content).toBe(`#${tag.name}`);
    expect(mine.find((n) => n.userId === catWatcher.id)!.content).toBe(cat.name);

    await processReplyMail();
    await drainOutbox();
    const mailed = smtp.to(address(tagWatcher));
    expect(mailed).toHaveLength(1);
    expect(mailed[0]!.subject).toContain("A new thread");
    expect(mailed[0]!.subject).toContain(`#${tag.name}`);

    // Back to normal: no more notifications.
    const reset = await call(putWatch, "/api/users/me/watches", {
      method: "PUT",
      token: catWatcher.token,
      body: { categoryId: cat.id, level: "NORMAL" },
    });
    expect(reset.body).toEqual([]);
    const later = await newPost(author, { categoryId: cat.id });
    const after = await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, catWatcher.id), eq(notifications.postId, later.body.id)));
    expect(after).toHaveLength(0);
    expect((await call(listWatches, "/api/users/me/watches", { token: muter.token })).body.map((w: { level: string }) => w.level)).toEqual([
      "WATCH",
      "MUTE",
    ]);
  });

  it("a muted category or tag leaves the member's home list only: page-state names the rows to hide, the member's own list query leaves them out", async () => {
    const cat = await makeCategory();
    const tag = await makeTag();
    const plain = await makeCategory();
    const [author, muter, other] = [await makeUser(), await makeUser(), await makeUser()];
    const inCat = (await newPost(author, { categoryId: cat.id })).body.id as number;
    const inTag = (await newPost(author, { categoryId: plain.id, tagIds: [tag.id] })).body.id as number;
    const fine = (await newPost(author, { categoryId: plain.id })).body.id as number;
    await call(putWatch, "/api/users/me/watches", { method: "PUT", token: muter.token, body: { categoryId: cat.id, level: "MUTE" } });
    await call(putWatch, "/api/users/me/watches", { method: "PUT", token: muter.token, body: { tagId: tag.id, level: "MUTE" } });

    const q = `postIds=${inCat}&postIds=${inTag}&postIds=${fine}`;
    const mine = await call(pageState, `/api/users/me/page-state?${q}&muted=1`, { token: muter.token });
    expect(mine.status).toBe(200);
    expect([...mine.body.muted].sort()).toEqual([inCat, inTag].sort());
    const theirs = await call(pageState, `/api/users/me/page-state?${q}&muted=1`, { token: other.token });
    expect(theirs.body.muted).toEqual([]);
    // Without muted=1 (category and tag pages) nothing is hidden.
    expect((await call(pageState, `/api/users/me/page-state?${q}`, { token: muter.token })).body.muted).toBeUndefined();

    const viewer = { id: muter.id, username: muter.username, role: "USER" as const, scopes: ["read" as const], via: "token" as const };
    const all = { categoryIds: [], tagIds: [], page: 0, pageSize: 50 };
    const home = await listPostIds(viewer, { ...all, hideMutedOf: muter.id });
    expect(home.ids).toContain(fine);
    expect(home.ids).not.toContain(inCat);
    expect(home.ids).not.toContain(inTag);
    // The category's own list still shows its posts; so does everyone else's home list.
    expect((await listPostIds(viewer, { ...all, categoryIds: [cat.id] })).ids).toContain(inCat);
    expect((await listPostIds({ ...viewer, id: other.id }, { ...all, hideMutedOf: other.id })).ids).toEqual(
      expect.arrayContaining([inCat, inTag, fine]),
    );
  });
});
