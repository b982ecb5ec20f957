// Deleting an account with a mailed code in place of the password (issue 60): POST
// /api/users/me/deletion-code mails a 6-digit code, DELETE /api/users/me {code, content} takes it. For
// accounts without a password (OpenID Connect or passkeys only); any member may use it.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db";
import { emailCodes, users } from "@/db/schema";
import { DELETE as deleteMe, GET as me } from "@/app/api/users/me/route";
import { POST as requestCode } from "@/app/api/users/me/deletion-code/route";
import { peerHeaders } from "@/lib/api/client-ip";
import { drainOutbox, outboxIdle } from "@/lib/jobs/mail-drain";
import { consumeDeleteCode, createDeleteCode } from "@/lib/services/auth/email-codes";
import { issueToken } from "@/lib/services/auth/tokens";
import { call, makeUser, sessionCookie, setRateLimits, type TestUser } from "../helpers";
import { TestSmtp } from "./mail-helpers";

// Rate limits for this file (site settings, in its own database).
beforeAll(() => setRateLimits({ login: { limit: 4 } }));

const smtp = new TestSmtp();
beforeAll(async () => {
  await smtp.start();
});
afterAll(async () => {
  await outboxIdle();
  await smtp.stop();
});
beforeEach(() => {
  smtp.received = [];
});

let ip = 0;
const nextIp = () => peerHeaders(`198.51.100.${++ip}`);

/** A member without a password, as after a first OpenID Connect sign-in or a passkey-only account. */
async function passwordless(username: string): Promise<TestUser> {
  const u = await makeUser({ username });
  await db.update(users).set({ passwordHash: null }).where(eq(users.id, u.id));
  return u;
}

const ask = (u: TestUser) => call(requestCode, "/api/users/me/deletion-code", { method: "POST", token: u.token });
const del = (token: string, body: Record<string, unknown>, headers: Record<string, string> = nextIp()) =>
  call(deleteMe, "/api/users/me", { method: "DELETE", token, headers, body: { content: "keep", ...body } });

/** Sends the queued mail and reads the code from the one that reached the member. */
async function mailedCode(u: TestUser): Promise<string> {
  await drainOutbox();
  const mail = smtp.to(`${u.username.toLowerCase()}@example.test`);
  expect(mail).toHaveLength(1);
  const code = /\b(\d{6})\b/.exec(mail[0]!.subject)![1]!;
  expect(mail[0]!.text).toContain(code);
  expect(mail[0]!.text).toContain("/settings/account");
  smtp.received = [];
  return code;
}

const other = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("deleting an account with a mailed code", () => {
  it("a member without a password: the password path says to use a code; the mailed code deletes the account once", async () => {
    const u = await passwordless("delcode_sso");
    const noPassword = await del(u.token, { password: "anything-at-all" });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.field).toBe("password");
    expect(noPassword.body.error).toMatch(/no password/);
    const neither = await del(u.token, {});
    expect(neither.status).toBe(400);
    expect(neither.body.field).toBe("password");

    const sent = await ask(u);
    expect(sent.status).toBe(202);
    expect(sent.body).toEqual({ sent: true, expiresInMinutes: 30 });
    const code = await mailedCode(u);
    // Only the hash is stored.
    const rows = await db
      .select()
      .from(emailCodes)
      .where(and(eq(emailCodes.userId, u.id), eq(emailCodes.purpose, "delete")));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);

    const wrong = await del(u.token, { code: other(code) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe("code");
    const malformed = await del(u.token, { code: "12ab56" });
    expect(malformed.status).toBe(400);
    expect(malformed.body.field).toBe("code");
    expect((await call(me, "/api/users/me", { token: u.token })).status).toBe(200);

    // A second token of the same member, to try the code again after it was used.
    const { token: second } = await issueToken(db, { userId: u.id, name: "second", scopes: ["read", "write"], expiresAt: null });
    const r = await del(u.token, { code, content: "remove" });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ deleted: true, username: `deleted-${u.id}` });
    expect((await call(me, "/api/users/me", { token: u.token })).status).toBe(401);
    expect((await call(me, "/api/users/me", { token: second })).status).toBe(401);
    // The code is gone with the account's other codes; a token made afterwards cannot reuse it.
    const { token: after } = await issueToken(db, { userId: u.id, name: "after", scopes: ["read", "write"], expiresAt: null });
    const reused = await del(after, { code });
    expect(reused.status).toBe(400);
    expect(reused.body.field).toBe("code");
  });

  it("a used code works no more; an expired code and another member's code are refused", async () => {
    const u = await passwordless("delcode_used");
    const code = await createDeleteCode(u.id);
    expect(await consumeDeleteCode(u.id, code)).toBe(true);
    expect(await consumeDeleteCode(u.id, code)).toBe(false);
    const used = await del(u.token, { code });
    expect(used.status).toBe(400);
    expect(used.body.field).toBe("code");

    // Expired.
    expect((await ask(u)).status).toBe(202);
    const late = await mailedCode(u);
    await db
      .update(emailCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(emailCodes.userId, u.id), eq(emailCodes.purpose, "delete")));
    const expired = await del(u.token, { code: late });
    expect(expired.status).toBe(400);
    expect(expired.body.field).toBe("code");

    // Another member's code does nothing to either account.
    const b = await passwordless("delcode_other");
    expect((await ask(b)).status).toBe(202);
    const bCode = await mailedCode(b);
    const foreign = await del(u.token, { code: bCode });
    expect(foreign.status).toBe(400);
    expect(foreign.body.field).toBe("code");
    expect((await db.select().from(users).where(eq(users.id, u.id)))[0]!.username).toBe("delcode_used");
    expect((await db.select().from(users).where(eq(users.id, b.id)))[0]!.username).toBe("delcode_other");
    // Its owner can still use it.
    expect((await del(b.token, { code: bCode })).status).toBe(200);
  });

  it("a member with a password may use a code too; the password still works", async () => {
    const u = await makeUser({ username: "delcode_pw", password: "right-password" });
    expect((await ask(u)).status).toBe(202);
    const code = await mailedCode(u);
    expect((await del(u.token, { code })).status).toBe(200);
    const v = await makeUser({ username: "delcode_pw2", password: "right-password" });
    expect((await del(v.token, { password: "right-password" })).status).toBe(200);
  });

  it("rate limits: 3 mails an hour; wrong codes count like wrong passwords (429 past the login limit, even with the right code)", async () => {
    const u = await passwordless("delcode_limit");
    for (let i = 0; i < 3; i++) expect((await ask(u)).status).toBe(202);
    const fourth = await ask(u);
    expect(fourth.status).toBe(429);
    expect(fourth.body.code).toBe("rate_limited");
    expect(Number(fourth.headers.get("retry-after"))).toBeGreaterThan(0);
    await drainOutbox();
    const codes = smtp.to("delcode_limit@example.test").map((m) => /\b(\d{6})\b/.exec(m.subject)![1]!);
    expect(codes).toHaveLength(3);
    let wrong = "000000";
    while (codes.includes(wrong)) wrong = other(wrong);
    for (let i = 0; i < 4; i++) expect((await del(u.token, { code: wrong })).status).toBe(400);
    const limited = await del(u.token, { code: codes[0]! });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("rate_limited");
    expect((await db.select().from(users).where(eq(users.id, u.id)))[0]!.username).toBe("delcode_limit");
  });

  it("anonymous 401; a read-only token 403; a cross-origin cookie 403; no mail is queued", async () => {
    expect((await call(requestCode, "/api/users/me/deletion-code", { method: "POST" })).status).toBe(401);
    const ro = await makeUser({ username: "delcode_ro", scopes: ["read"] });
    expect((await ask(ro)).status).toBe(403);
    const { cookie } = await sessionCookie(ro.id);
    const cross = await call(requestCode, "/api/users/me/deletion-code", {
      method: "POST",
      headers: { cookie, origin: "https://evil.example" },
    });
    expect(cross.status).toBe(403);
    await drainOutbox();
    expect(smtp.to("delcode_ro@example.test")).toHaveLength(0);
    // A same-origin cookie may ask (the settings page does).
    const same = await call(requestCode, "/api/users/me/deletion-code", {
      method: "POST",
      headers: { cookie, origin: "http://localhost:3000" },
    });
    expect(same.status).toBe(202);
  });
});
