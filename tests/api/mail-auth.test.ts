process.env.UNVERIFIED_POST_ALLOWANCE = "2";

import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db";
import { emailCodes, mailOutbox, users, userSessions } from "@/db/schema";
import { POST as register } from "@/app/api/auth/register/route";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as verify } from "@/app/api/auth/verify/route";
import { POST as resend } from "@/app/api/auth/verify/resend/route";
import { POST as forgot } from "@/app/api/auth/forgot/route";
import { POST as reset } from "@/app/api/auth/reset/route";
import { POST as createPost } from "@/app/api/posts/route";
import { POST as postComment } from "@/app/api/posts/[id]/comments/route";
import { GET as me } from "@/app/api/users/me/route";
import { peerHeaders } from "@/lib/api/client-ip";
import { drainOutbox, outboxIdle } from "@/lib/jobs/mail-drain";
import { authResultSchema } from "@/lib/validation/auth";
import { acceptedSchema, verifyResultSchema } from "@/lib/validation/mail";
import { errorSchema, meSchema } from "@/lib/validation/responses";
import { call, makeCategory, makeTag, makeUser, setRateLimits } from "../helpers";
import { linkIn, rawHeader, TestSmtp, unsubscribeTarget } from "./mail-helpers";

// Rate limits for this file (site settings, in its own database).
beforeAll(() => setRateLimits({ verifyResend: { limit: 2 } }));

/** Verification and password reset, through a real SMTP server. */

const smtp = new TestSmtp();
let category: number;
let tag: number;
let ip = 0;
const fromNewAddress = () => peerHeaders(`198.51.100.${++ip}`);

beforeAll(async () => {
  await smtp.start();
  category = (await makeCategory()).id;
  tag = (await makeTag()).id;
});
afterAll(async () => {
  await outboxIdle();
  await smtp.stop();
});
beforeEach(() => {
  smtp.received = [];
});

async function signUp(username: string, password = "first-password") {
  const r = await call(register, "/api/auth/register", {
    method: "POST",
    headers: fromNewAddress(),
    body: { username, email: `${username}@example.test`, password },
  });
  expect(r.status).toBe(201);
  return authResultSchema.parse(r.body);
}

const newPost = (token: string, title: string) =>
  call(createPost, "/api/posts", { token, body: { title, content: "Hello there", categoryId: category, tagIds: [tag] } });

describe("verification on registration", () => {
  it("mails a code and a link; unverified members have a small posting allowance until they verify", async () => {
    const reg = await signUp("newbie");
    expect(reg.user.emailVerified).toBe(false);
    // The mail is queued in the registration's transaction and sent by the drain, not by the request.
    expect(smtp.received).toHaveLength(0);
    expect(await drainOutbox()).toMatchObject({ sent: 1 });
    const [mail] = smtp.to("newbie@example.test");
    expect(mail!.subject).toMatch(/^Your Forum verification code: \d{6}$/);
    const code = /(\d{6})/.exec(mail!.subject)![1]!;
    expect(mail!.text).toContain(code);
    expect(mail!.html).toContain(code);
    const link = linkIn(mail!, "/verify");
    expect(link.origin).toBe("http://localhost:3000");
    expect(link.searchParams.get("username")).toBe("newbie");
    expect(link.searchParams.get("code")).toBe(code);
    expect(unsubscribeTarget(mail!).pathname).toBe("/api/notifications/unsubscribe");
    expect(rawHeader(mail!, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    // The code is stored only as a hash.
    const codes = await db.select().from(emailCodes).where(eq(emailCodes.userId, reg.user.id));
    expect(codes).toHaveLength(1);
    expect(codes[0]!.codeHash).not.toContain(code);

    // Two posts or comments are allowed (UNVERIFIED_POST_ALLOWANCE=2 here), the third is refused with the reason.
    const first = await newPost(reg.token, "First steps");
    expect(first.status).toBe(201);
    const c = await call(postComment, `/api/posts/${first.body.id}/comments`, {
      token: reg.token,
      body: { content: "me again" },
      params: { id: String(first.body.id) },
    });
    expect(c.status).toBe(201);
    const third = await newPost(reg.token, "Third try");
    expect(third.status).toBe(403);
    expect(errorSchema.parse(third.body)).toMatchObject({ code: "email_unverified" });
    expect(third.body.error).toMatch(/Verify your email address/);

    // A wrong code is a 400 on `code`; the right one verifies (signed in: no username needed).
    const wrong = await call(verify, "/api/auth/verify", { token: reg.token, body: { code: code === "000000" ? "111111" : "000000" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: "validation_failed", field: "code" });
    const ok = await call(verify, "/api/auth/verify", { token: reg.token, body: { code } });
    expect(ok.status).toBe(200);
    expect(verifyResultSchema.strict().parse(ok.body)).toEqual({ verified: true, reason_code: "VERIFIED_AND_APPROVED" });
    expect((await newPost(reg.token, "Now verified")).status).toBe(201);
    const m = await call(me, "/api/users/me", { token: reg.token });
    expect(meSchema.parse(m.body).emailVerified).toBe(true);
    // Used up: the same code only says "verified" again (the owner opening the link twice).
    expect((await call(verify, "/api/auth/verify", { body: { username: "newbie", code } })).status).toBe(200);
  });

  it("tells nobody but the owner anything about a verified account (the code was not checked once verified)", async () => {
    const reg = await signUp("verifiedone");
    await drainOutbox();
    const code = /(\d{6})/.exec(smtp.to("verifiedone@example.test")[0]!.subject)![1]!;
    expect((await call(verify, "/api/auth/verify", { token: reg.token, body: { code } })).status).toBe(200);
    const wrongCode = code === "000000" ? "111111" : "000000";
    // Anonymous, another member, an unknown account: the same 400, with nothing of the account in it.
    const other = await makeUser({ username: "nosy" });
    const answers = [
      await call(verify, "/api/auth/verify", { body: { username: "verifiedone", code: wrongCode } }),
      await call(verify, "/api/auth/verify", { token: other.token, body: { username: "verifiedone", code: wrongCode } }),
      await call(verify, "/api/auth/verify", { body: { username: "no-such-member", code: wrongCode } }),
    ];
    for (const r of answers) {
      expect(r.status).toBe(400);
      expect(r.body).toEqual({
        error: "This code is wrong or has expired",
        code: "validation_failed",
        field: "code",
        issues: [{ path: ["code"], message: "This code is wrong or has expired" }],
      });
      expect(JSON.stringify(r.body)).not.toContain("verifiedone@example.test");
    }
    // The owner, signed in, sees the outcome and only the outcome.
    const own = await call(verify, "/api/auth/verify", { token: reg.token, body: { code: wrongCode } });
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ verified: true, reason_code: "VERIFIED_AND_APPROVED" });
  });

  it("verifies from the link without a session (username + code, as OpenIsle's sign-up page sends it)", async () => {
    await signUp("linker");
    await drainOutbox();
    const link = linkIn(smtp.to("linker@example.test")[0]!, "/verify");
    const r = await call(verify, "/api/auth/verify", {
      body: { username: link.searchParams.get("username"), code: link.searchParams.get("code") },
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ verified: true, reason_code: "VERIFIED_AND_APPROVED" });
  });

  it("burns a code after five wrong tries", async () => {
    await signUp("guesser");
    await drainOutbox();
    const code = /(\d{6})/.exec(smtp.to("guesser@example.test")[0]!.subject)![1]!;
    const other = code === "123456" ? "654321" : "123456";
    for (let i = 0; i < 5; i++)
      expect((await call(verify, "/api/auth/verify", { body: { username: "guesser", code: other } })).status).toBe(400);
    expect((await call(verify, "/api/auth/verify", { body: { username: "guesser", code } })).status).toBe(400);
  });

  it("sends again on request, with a rate limit; a verified member gets 409", async () => {
    const reg = await signUp("resender");
    await drainOutbox();
    expect((await call(resend, "/api/auth/verify/resend", { method: "POST", token: reg.token })).status).toBe(200);
    expect((await call(resend, "/api/auth/verify/resend", { method: "POST", token: reg.token })).status).toBe(200);
    const limited = await call(resend, "/api/auth/verify/resend", { method: "POST", token: reg.token });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    await drainOutbox();
    const mails = smtp.to("resender@example.test");
    expect(mails).toHaveLength(3);
    // Every code sent is a different one, and the newest works.
    const codes = mails.map((m) => /(\d{6})/.exec(m.subject)![1]!);
    expect(new Set(codes).size).toBe(3);
    expect((await call(verify, "/api/auth/verify", { token: reg.token, body: { code: codes[2] } })).status).toBe(200);
    const again = await call(resend, "/api/auth/verify/resend", { method: "POST", token: (await makeUser()).token });
    expect(again.status).toBe(409);
    expect((await call(resend, "/api/auth/verify/resend", { method: "POST" })).status).toBe(401);
  });

  it("counts demo and directly created accounts as verified", async () => {
    const u = await makeUser();
    const m = await call(me, "/api/users/me", { token: u.token });
    expect(m.body.emailVerified).toBe(true);
    for (let i = 0; i < 3; i++) expect((await newPost(u.token, `Post ${i}`)).status).toBe(201);
  });
});

describe("password reset", () => {
  const ask = (email: string) => call(forgot, "/api/auth/forgot", { method: "POST", headers: fromNewAddress(), body: { email } });

  it("answers the same 202 for a known and an unknown address, with the same work and about the same time", async () => {
    await makeUser({ username: "known_one" });
    await db.execute(sql`delete from mail_outbox`);
    const known = await ask("Known_One@example.test");
    const unknown = await ask("nobody-here@example.test");
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(acceptedSchema.parse(known.body)).toEqual(unknown.body);
    expect(known.text).toBe(unknown.text);
    // One outbox row each: the request cannot tell them apart; the drain does.
    const rows = await db.select().from(mailOutbox).orderBy(mailOutbox.id);
    expect(rows.map((r) => [r.kind, r.toAddress])).toEqual([
      ["reset", "known_one@example.test"],
      ["reset", "nobody-here@example.test"],
    ]);
    expect(await drainOutbox()).toMatchObject({ sent: 1, cancelled: 1 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toContain("known_one@example.test");

    // Timing: median of 9 requests each, interleaved; the difference stays within noise.
    const times: Record<"k" | "u", number[]> = { k: [], u: [] };
    for (let i = 0; i < 9; i++) {
      for (const [key, email] of [
        ["k", "known_one@example.test"],
        ["u", `ghost${i}@example.test`],
      ] as const) {
        const t = performance.now();
        expect((await ask(email)).status).toBe(202);
        times[key].push(performance.now() - t);
      }
      // The per-address limit (5 per 15 min) must not be what answers: clear it between rounds.
      await db.execute(sql`delete from rate_limits where key like 'forgot:email:%'`);
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const [k, u] = [median(times.k), median(times.u)];
    expect(Math.abs(k - u)).toBeLessThan(Math.max(15, 0.5 * Math.max(k, u)));
  });

  it("rejects a malformed request with 400 and limits requests per address", async () => {
    const bad = await call(forgot, "/api/auth/forgot", { method: "POST", body: {} });
    expect(bad.status).toBe(400);
    const headers = fromNewAddress();
    for (let i = 0; i < 5; i++)
      expect((await call(forgot, "/api/auth/forgot", { method: "POST", headers, body: { email: `x${i}@example.test` } })).status).toBe(202);
    expect((await call(forgot, "/api/auth/forgot", { method: "POST", headers, body: { email: "x9@example.test" } })).status).toBe(429);
  });

  it("resets once with the mailed link: the old password, login tokens and browser sessions stop working", async () => {
    const u = await makeUser({ username: "forgetful", password: "old-password" });
    const loginOld = await call(login, "/api/auth/login", {
      method: "POST",
      headers: fromNewAddress(),
      body: { username: "forgetful", password: "old-password" },
    });
    expect(loginOld.status).toBe(200);
    const { sessionCookie } = await import("../helpers");
    const browser = await sessionCookie(u.id);
    const [sessionBefore] = await db.select().from(userSessions).where(eq(userSessions.id, browser.sessionId));
    expect(sessionBefore!.revokedAt).toBeNull();

    expect((await ask("forgetful@example.test")).status).toBe(202);
    await drainOutbox();
    const [mail] = smtp.to("forgetful@example.test");
    expect(mail!.subject).toBe("Reset your Forum password");
    expect(unsubscribeTarget(mail!).searchParams.get("u")).toBe(String(u.id));
    const link = linkIn(mail!, "/reset-password");
    const token = link.searchParams.get("token")!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const weak = await call(reset, "/api/auth/reset", { body: { token, password: "short" } });
    expect(weak.status).toBe(400);
    expect(weak.body.field).toBe("password");

    const r = await call(reset, "/api/auth/reset", { body: { token, password: "brand-new-password" } });
    expect(r.status).toBe(200);
    const result = authResultSchema.parse(r.body);
    expect(result.user.username).toBe("forgetful");
    expect((await call(me, "/api/users/me", { token: result.token })).status).toBe(200);

    // Old password refused, new one accepted; the old login token, the test token and the browser session are gone.
    const oldPw = await call(login, "/api/auth/login", {
      method: "POST",
      headers: fromNewAddress(),
      body: { username: "forgetful", password: "old-password" },
    });
    expect(oldPw.status).toBe(401);
    const newPw = await call(login, "/api/auth/login", {
      method: "POST",
      headers: fromNewAddress(),
      body: { username: "forgetful", password: "brand-new-password" },
    });
    expect(newPw.status).toBe(200);
    expect((await call(me, "/api/users/me", { token: loginOld.body.token })).status).toBe(401);
    const cookieMe = await call(me, "/api/users/me", { headers: { cookie: browser.cookie } });
    expect(cookieMe.status).toBe(401);
    const [sessionAfter] = await db.select().from(userSessions).where(eq(userSessions.id, browser.sessionId));
    expect(sessionAfter!.revokedAt).not.toBeNull();

    // Single use.
    const again = await call(reset, "/api/auth/reset", { body: { token, password: "another-password" } });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: "validation_failed", field: "token" });
  });

  it("refuses an expired token, and a second link once the first was used", async () => {
    await makeUser({ username: "twice" });
    // One after the other, so the first mail carries the older token (a drain sends its batch in parallel).
    await ask("twice@example.test");
    await drainOutbox();
    await ask("twice@example.test");
    await drainOutbox();
    const [a, b] = smtp.to("twice@example.test").map((m) => linkIn(m, "/reset-password").searchParams.get("token")!);
    expect(a).not.toBe(b);
    // Expired after one hour.
    await db.execute(
      sql`update email_codes set expires_at = now() - interval '1 second' where purpose = 'reset' and user_id = (select id from users where username = 'twice') and id = (select min(id) from email_codes where purpose = 'reset' and user_id = (select id from users where username = 'twice'))`,
    );
    expect((await call(reset, "/api/auth/reset", { body: { token: a, password: "password-two" } })).status).toBe(400);
    expect((await call(reset, "/api/auth/reset", { body: { token: b, password: "password-two" } })).status).toBe(200);
    const [twice] = await db.select({ id: users.id }).from(users).where(eq(users.username, "twice"));
    const codes = await db
      .select()
      .from(emailCodes)
      .where(and(eq(emailCodes.purpose, "reset"), eq(emailCodes.userId, twice!.id)));
    const live = codes.filter((c) => c.usedAt === null && c.expiresAt.getTime() > Date.now());
    expect(live).toHaveLength(0);
    const lifetime = codes.map((c) => c.expiresAt.getTime() - c.createdAt.getTime());
    // The unexpired one was made to last one hour.
    expect(lifetime.some((ms) => Math.abs(ms - 3600_000) < 2_000)).toBe(true);
  });
});
