// Two-factor sign-in (issue 60): set-up, confirmation, sign-in through POST /api/auth/login and the
// browser's Credentials provider, recovery codes, turning it off, the staff requirement and the refusals.

import { and, eq, isNull } from "drizzle-orm";
import { generate } from "otplib";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db";
import { apiTokens, signInTickets, siteSettings, twoFactorRecoveryCodes, userTwoFactor } from "@/db/schema";
import { POST as login } from "@/app/api/auth/login/route";
import { GET as status, POST as start, DELETE as disable } from "@/app/api/users/me/two-factor/route";
import { POST as confirm } from "@/app/api/users/me/two-factor/confirm/route";
import { POST as renew } from "@/app/api/users/me/two-factor/recovery-codes/route";
import { GET as me } from "@/app/api/users/me/route";
import { PUT as putConfig } from "@/app/api/admin/config/route";
import { peerHeaders } from "@/lib/api/client-ip";
import { createSignInTicket, mustSetUpTwoFactor, redeemSignInTicket } from "@/lib/services/auth/two-factor";
import { errorSchema } from "@/lib/validation/responses";
import { call, makeUser, sessionCookie, setRateLimits } from "../helpers";

// Rate limits for this file (site settings, in its own database).
beforeAll(() => setRateLimits({ login: { limit: 4 } }));

const PERIOD = 30;
/** The code of the step `offset` steps from now (the app's clock a little off). */
const codeAt = (secret: string, offset = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * PERIOD });

let ipSeq = 0;
const freshIp = () => `198.51.100.${++ipSeq}`;

/** A member with two-factor sign-in on: their secret and recovery codes. */
async function withTwoFactor(username: string, password = "right-password") {
  const u = await makeUser({ username, password });
  const s = await call(start, "/api/users/me/two-factor", { method: "POST", token: u.token });
  expect(s.status).toBe(200);
  const c = await call(confirm, "/api/users/me/two-factor/confirm", {
    token: u.token,
    headers: peerHeaders(freshIp()),
    body: { code: await codeAt(s.body.secret) },
  });
  expect(c.status).toBe(200);
  return { ...u, password, secret: s.body.secret as string, recoveryCodes: c.body.recoveryCodes as string[] };
}

const signIn = (body: Record<string, string>, ip = freshIp()) =>
  call(login, "/api/auth/login", { method: "POST", headers: peerHeaders(ip), body });

describe("setting up two-factor sign-in", () => {
  it("answers a secret, an otpauth URI and a QR code; a right code turns it on and answers 10 recovery codes, stored hashed", async () => {
    const u = await makeUser({ username: "tf_setup" });
    expect((await call(status, "/api/users/me/two-factor", { token: u.token })).body).toMatchObject({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    const s = await call(start, "/api/users/me/two-factor", { method: "POST", token: u.token });
    expect(s.status).toBe(200);
    expect(s.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(s.body.otpauthUri).toMatch(/^otpauth:\/\/totp\/.*tf_setup\?/);
    expect(s.body.otpauthUri).toContain(`secret=${s.body.secret}`);
    expect(s.body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(s.body.qrCode.split(",")[1], "base64").toString()).toContain("<svg");
    // The secret is not stored as it is.
    const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, u.id));
    expect(row!.secretEnc).not.toContain(s.body.secret);
    expect(row!.confirmedAt).toBeNull();

    const wrong = await call(confirm, "/api/users/me/two-factor/confirm", {
      token: u.token,
      headers: peerHeaders(freshIp()),
      body: { code: "000000" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: "validation_failed", field: "code" });

    const c = await call(confirm, "/api/users/me/two-factor/confirm", {
      token: u.token,
      headers: peerHeaders(freshIp()),
      body: { code: await codeAt(s.body.secret) },
    });
    expect(c.status).toBe(200);
    expect(c.body.recoveryCodes).toHaveLength(10);
    expect(new Set(c.body.recoveryCodes).size).toBe(10);
    const hashes = await db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, u.id));
    expect(hashes).toHaveLength(10);
    for (const h of hashes) for (const code of c.body.recoveryCodes) expect(h.codeHash).not.toContain(code.replace("-", ""));
    expect((await call(status, "/api/users/me/two-factor", { token: u.token })).body).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
    });

    // On already: a new secret or a second confirmation is a 409.
    expect((await call(start, "/api/users/me/two-factor", { method: "POST", token: u.token })).status).toBe(409);
    const again = await call(confirm, "/api/users/me/two-factor/confirm", { token: u.token, body: { code: "123456" } });
    expect(again.status).toBe(409);
  });

  it("confirming before starting is a 400 naming code; an empty code is a 400 naming code", async () => {
    const u = await makeUser({ username: "tf_nostart" });
    const r = await call(confirm, "/api/users/me/two-factor/confirm", { token: u.token, body: { code: "123456" } });
    expect(r.status).toBe(400);
    expect(r.body.field).toBe("code");
    const empty = await call(confirm, "/api/users/me/two-factor/confirm", { token: u.token, body: { code: "" } });
    expect(empty.status).toBe(400);
    expect(empty.body.field).toBe("code");
  });

  it("wrong confirmation codes are limited like passwords (429 past the login limit, even with the right code)", async () => {
    const u = await makeUser({ username: "tf_confirm_limit" });
    const s = await call(start, "/api/users/me/two-factor", { method: "POST", token: u.token });
    for (let i = 0; i < 4; i++) {
      const r = await call(confirm, "/api/users/me/two-factor/confirm", {
        token: u.token,
        headers: peerHeaders(freshIp()),
        body: { code: "000000" },
      });
      expect(r.status).toBe(400);
    }
    const r = await call(confirm, "/api/users/me/two-factor/confirm", {
      token: u.token,
      headers: peerHeaders(freshIp()),
      body: { code: await codeAt(s.body.secret) },
    });
    expect(r.status).toBe(429);
    expect(r.body.code).toBe("rate_limited");
    const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, u.id));
    expect(row!.confirmedAt).toBeNull();
  });
});

describe("POST /api/auth/login for a member with two-factor sign-in", () => {
  it("the right password alone answers 401 two_factor_required; with a right otp it answers the token", async () => {
    const u = await withTwoFactor("tf_login");
    const first = await signIn({ username: "tf_login", password: u.password });
    expect(first.status).toBe(401);
    expect(errorSchema.parse(first.body).code).toBe("two_factor_required");
    expect(first.body.field).toBe("otp");
    expect(first.body.token).toBeUndefined();

    // A wrong password is still the plain 401 (the code step is not offered).
    const wrongPw = await signIn({ username: "tf_login", password: "wrong-password", otp: "123456" });
    expect(wrongPw.status).toBe(401);
    expect(wrongPw.body.code).toBe("unauthorized");

    const ok = await signIn({ username: "tf_login", password: u.password, otp: await codeAt(u.secret, 1) });
    expect(ok.status).toBe(200);
    expect(ok.body.token).toEqual(expect.any(String));
    expect(ok.body.user.username).toBe("tf_login");
    const mine = await call(me, "/api/users/me", { token: ok.body.token });
    expect(mine.status).toBe(200);
  });

  it("a wrong code, a code used already and a code two steps away answer 401 two_factor_invalid", async () => {
    const u = await withTwoFactor("tf_wrong");
    const wrong = await signIn({ username: "tf_wrong", password: u.password, otp: "000000" });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: "two_factor_invalid", field: "otp" });

    const code = await codeAt(u.secret, 1);
    expect((await signIn({ username: "tf_wrong", password: u.password, otp: code })).status).toBe(200);
    const reused = await signIn({ username: "tf_wrong", password: u.password, otp: code });
    expect(reused.status).toBe(401);
    expect(reused.body.code).toBe("two_factor_invalid");
    // The code of the current step is older than the one just taken: refused too (no replay of earlier steps).
    const older = await signIn({ username: "tf_wrong", password: u.password, otp: await codeAt(u.secret, 0) });
    expect(older.body.code).toBe("two_factor_invalid");
    const far = await signIn({ username: "tf_wrong", password: u.password, otp: await codeAt(u.secret, 5) });
    expect(far.body.code).toBe("two_factor_invalid");
  });

  it("the same code sent twice at once signs in once", async () => {
    const u = await withTwoFactor("tf_race");
    const code = await codeAt(u.secret, 1);
    const both = await Promise.all([0, 1, 2].map(() => signIn({ username: "tf_race", password: u.password, otp: code })));
    expect(both.filter((r) => r.status === 200)).toHaveLength(1);
    expect(both.filter((r) => r.body?.code === "two_factor_invalid")).toHaveLength(2);
  });

  it("a recovery code signs in once; used twice it is refused; case and dashes do not matter", async () => {
    const u = await withTwoFactor("tf_recovery");
    const rc = u.recoveryCodes[0]!;
    const ok = await signIn({ username: "tf_recovery", password: u.password, otp: rc.toUpperCase().replace("-", " ") });
    expect(ok.status).toBe(200);
    const twice = await signIn({ username: "tf_recovery", password: u.password, otp: rc });
    expect(twice.status).toBe(401);
    expect(twice.body.code).toBe("two_factor_invalid");
    const left = await db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(and(eq(twoFactorRecoveryCodes.userId, u.id), isNull(twoFactorRecoveryCodes.usedAt)));
    expect(left).toHaveLength(9);
    expect((await call(status, "/api/users/me/two-factor", { token: u.token })).body.recoveryCodesLeft).toBe(9);
    // Another member's recovery code is not this member's.
    const other = await withTwoFactor("tf_recovery_other");
    expect((await signIn({ username: "tf_recovery", password: u.password, otp: other.recoveryCodes[0]! })).status).toBe(401);
  });

  it("wrong codes are limited per account like passwords: 429 past the login limit, even with the right code, from any address", async () => {
    const u = await withTwoFactor("tf_limit");
    for (let i = 0; i < 4; i++) expect((await signIn({ username: "tf_limit", password: u.password, otp: `00000${i}` })).status).toBe(401);
    const r = await signIn({ username: "tf_limit", password: u.password, otp: await codeAt(u.secret, 1) });
    expect(r.status).toBe(429);
    expect(r.body.code).toBe("rate_limited");
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("bearer tokens made before two-factor sign-in was turned on keep working", async () => {
    const u = await makeUser({ username: "tf_oldtoken", password: "right-password" });
    const before = await signIn({ username: "tf_oldtoken", password: "right-password" });
    expect(before.status).toBe(200);
    const s = await call(start, "/api/users/me/two-factor", { method: "POST", token: u.token });
    await call(confirm, "/api/users/me/two-factor/confirm", {
      token: u.token,
      headers: peerHeaders(freshIp()),
      body: { code: await codeAt(s.body.secret) },
    });
    expect((await call(me, "/api/users/me", { token: before.body.token })).status).toBe(200);
    expect((await call(me, "/api/users/me", { token: u.token })).status).toBe(200);
    const tokens = await db
      .select()
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, u.id), isNull(apiTokens.revokedAt)));
    expect(tokens.length).toBe(2);
  });
});

describe("the browser's code step (sign-in tickets)", () => {
  it("a ticket with a right code names the member once; a wrong code keeps it; an unknown or used ticket is refused", async () => {
    const u = await withTwoFactor("tf_ticket");
    const ticket = await createSignInTicket(u.id);
    await expect(redeemSignInTicket({ ticket, code: "000000", ip: freshIp() })).rejects.toMatchObject({ code: "two_factor_invalid" });
    expect(await redeemSignInTicket({ ticket, code: await codeAt(u.secret, 1), ip: freshIp() })).toBe(u.id);
    await expect(redeemSignInTicket({ ticket, code: u.recoveryCodes[0]!, ip: freshIp() })).rejects.toMatchObject({ code: "unauthorized" });
    await expect(redeemSignInTicket({ ticket: "x".repeat(43), code: u.recoveryCodes[0]!, ip: freshIp() })).rejects.toMatchObject({
      code: "unauthorized",
    });
    expect(await db.select().from(signInTickets).where(eq(signInTickets.userId, u.id))).toHaveLength(0);
  });

  it("an expired ticket is refused", async () => {
    const u = await withTwoFactor("tf_ticket_old");
    const ticket = await createSignInTicket(u.id);
    await db
      .update(signInTickets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signInTickets.userId, u.id));
    await expect(redeemSignInTicket({ ticket, code: u.recoveryCodes[0]!, ip: freshIp() })).rejects.toMatchObject({ code: "unauthorized" });
  });
});

describe("new recovery codes and turning it off", () => {
  it("new recovery codes need a right code; the old ones stop working", async () => {
    const u = await withTwoFactor("tf_renew");
    const wrong = await call(renew, "/api/users/me/two-factor/recovery-codes", {
      token: u.token,
      headers: peerHeaders(freshIp()),
      body: { code: "000000" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe("code");
    const r = await call(renew, "/api/users/me/two-factor/recovery-codes", {
      token: u.token,
      headers: peerHeaders(freshIp()),
      body: { code: u.recoveryCodes[0] },
    });
    expect(r.status).toBe(200);
    expect(r.body.recoveryCodes).toHaveLength(10);
    expect((await signIn({ username: "tf_renew", password: u.password, otp: u.recoveryCodes[1]! })).status).toBe(401);
    expect((await signIn({ username: "tf_renew", password: u.password, otp: r.body.recoveryCodes[0] })).status).toBe(200);
  });

  it("turning it off needs the password and a code (400 naming each); then the password alone signs in", async () => {
    const u = await withTwoFactor("tf_off");
    const noPw = await call(disable, "/api/users/me/two-factor", {
      method: "DELETE",
      token: u.token,
      headers: peerHeaders(freshIp()),
      body: { password: "wrong-password", code: u.recoveryCodes[0] },
    });
    expect(noPw.status).toBe(400);
    expect(noPw.body.field).toBe("password");
    const noCode = await call(disable, "/api/users/me/two-factor", {
      method: "DELETE",
      token: u.token,
      headers: peerHeaders(freshIp()),
      body: { password: u.password, code: "000000" },
    });
    expect(noCode.status).toBe(400);
    expect(noCode.body.field).toBe("code");
    const missing = await call(disable, "/api/users/me/two-factor", { method: "DELETE", token: u.token, body: { password: u.password } });
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe("code");
    expect((await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, u.id)))[0]?.confirmedAt).toBeTruthy();

    const off = await call(disable, "/api/users/me/two-factor", {
      method: "DELETE",
      token: u.token,
      headers: peerHeaders(freshIp()),
      body: { password: u.password, code: await codeAt(u.secret, 1) },
    });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ enabled: false });
    expect(await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, u.id))).toHaveLength(0);
    expect(await db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, u.id))).toHaveLength(0);
    expect((await signIn({ username: "tf_off", password: u.password })).status).toBe(200);
    const again = await call(disable, "/api/users/me/two-factor", {
      method: "DELETE",
      token: u.token,
      body: { password: u.password, code: "123456" },
    });
    expect(again.status).toBe(400);
  });
});

describe("outside probes: anonymous, another member, staff", () => {
  it("every endpoint answers 401 to an anonymous caller", async () => {
    expect((await call(status, "/api/users/me/two-factor")).status).toBe(401);
    expect((await call(start, "/api/users/me/two-factor", { method: "POST" })).status).toBe(401);
    expect((await call(confirm, "/api/users/me/two-factor/confirm", { body: { code: "123456" } })).status).toBe(401);
    expect((await call(renew, "/api/users/me/two-factor/recovery-codes", { body: { code: "123456" } })).status).toBe(401);
    expect((await call(disable, "/api/users/me/two-factor", { method: "DELETE", body: { password: "x", code: "123456" } })).status).toBe(
      401,
    );
  });

  it("a member's codes and secret do nothing for another member, nor for staff acting on themselves", async () => {
    const victim = await withTwoFactor("tf_victim");
    const other = await makeUser({ username: "tf_other" });
    const admin = await makeUser({ username: "tf_admin", role: "ADMIN" });
    for (const caller of [other, admin]) {
      expect((await call(status, "/api/users/me/two-factor", { token: caller.token })).body.enabled).toBe(false);
      const off = await call(disable, "/api/users/me/two-factor", {
        method: "DELETE",
        token: caller.token,
        headers: peerHeaders(freshIp()),
        body: { password: victim.password, code: victim.recoveryCodes[0] },
      });
      expect(off.status).toBe(400);
      const c = await call(confirm, "/api/users/me/two-factor/confirm", {
        token: caller.token,
        headers: peerHeaders(freshIp()),
        body: { code: await codeAt(victim.secret) },
      });
      expect(c.status).toBe(400);
    }
    expect((await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, victim.id)))[0]?.confirmedAt).toBeTruthy();
    expect(
      await db
        .select()
        .from(twoFactorRecoveryCodes)
        .where(and(eq(twoFactorRecoveryCodes.userId, victim.id), isNull(twoFactorRecoveryCodes.usedAt))),
    ).toHaveLength(10);
  });

  it("a read-only token cannot start, confirm or turn it off (403); a cookie write from another origin is refused", async () => {
    const u = await makeUser({ username: "tf_readonly", scopes: ["read"] });
    expect((await call(start, "/api/users/me/two-factor", { method: "POST", token: u.token })).status).toBe(403);
    const { cookie } = await sessionCookie(u.id);
    const cross = await call(start, "/api/users/me/two-factor", { method: "POST", headers: { cookie, origin: "https://evil.example" } });
    expect(cross.status).toBe(403);
    expect(await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, u.id))).toHaveLength(0);
  });
});

describe("admins can require two-factor sign-in of staff", () => {
  it("the setting is an admin's (403 for a moderator); then staff without it must set it up, members need not", async () => {
    const admin = await makeUser({ username: "tf_req_admin", role: "ADMIN" });
    const mod = await makeUser({ username: "tf_req_mod", role: "MODERATOR" });
    const member = await makeUser({ username: "tf_req_member" });
    expect((await call(putConfig, "/api/admin/config", { method: "PUT", token: mod.token, body: { staffTwoFactor: true } })).status).toBe(
      403,
    );
    expect(await mustSetUpTwoFactor({ id: mod.id, role: "MODERATOR" })).toBe(false);
    const put = await call(putConfig, "/api/admin/config", { method: "PUT", token: admin.token, body: { staffTwoFactor: true } });
    expect(put.status).toBe(200);
    expect(put.body.staffTwoFactor).toBe(true);
    expect((await db.select().from(siteSettings))[0]?.staffTwoFactor).toBe(true);
    expect(await mustSetUpTwoFactor({ id: mod.id, role: "MODERATOR" })).toBe(true);
    expect(await mustSetUpTwoFactor({ id: admin.id, role: "ADMIN" })).toBe(true);
    expect(await mustSetUpTwoFactor({ id: member.id, role: "USER" })).toBe(false);
    expect((await call(status, "/api/users/me/two-factor", { token: mod.token })).body.requiredForYou).toBe(true);
    expect((await call(status, "/api/users/me/two-factor", { token: member.token })).body.requiredForYou).toBe(false);
    const s = await call(start, "/api/users/me/two-factor", { method: "POST", token: mod.token });
    await call(confirm, "/api/users/me/two-factor/confirm", {
      token: mod.token,
      headers: peerHeaders(freshIp()),
      body: { code: await codeAt(s.body.secret) },
    });
    expect(await mustSetUpTwoFactor({ id: mod.id, role: "MODERATOR" })).toBe(false);
    const bad = await call(putConfig, "/api/admin/config", { method: "PUT", token: admin.token, body: { staffTwoFactor: "yes" } });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("staffTwoFactor");
    await call(putConfig, "/api/admin/config", { method: "PUT", token: admin.token, body: { staffTwoFactor: false } });
  });
});
