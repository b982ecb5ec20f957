// Sign-in through any OpenID Connect provider (issue 60 item 3): the first sign-in links by verified
// email or waits for a username, later ones find the member by the provider's `sub`; SSO-only sign-in
// refuses passwords (form's service, POST /api/auth/login, POST /api/auth/register) except for admins.
// The browser flow against a real provider: tests/e2e/oidc.spec.ts.
process.env.OIDC_ISSUER = "http://127.0.0.1:3250";
process.env.OIDC_CLIENT_ID = "forum-test";
process.env.OIDC_CLIENT_SECRET = "forum-test-secret";

import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db";
import { auditLogs, pendingSignUps, siteSettings, termsAcceptances, userIdentities, users } from "@/db/schema";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as register } from "@/app/api/auth/register/route";
import { GET as getConfig, PUT as putConfig } from "@/app/api/admin/config/route";
import { peerHeaders } from "@/lib/api/client-ip";
import { env, settingProblems } from "@/lib/env";
import { beginOidcSignIn, completeOidcSignUp, getPendingSignUp, type OidcProfile } from "@/lib/services/auth/oauth-users";
import { assertPasswordSignIn } from "@/lib/services/auth/sso";
import { externalProviders } from "@/lib/services/shared/sso-providers";
import { deleteMyAccount } from "@/lib/services/accounts/delete-account";
import { call, makeUser } from "../helpers";

const ISSUER = "http://127.0.0.1:3250";
let seq = 0;
const freshIp = () => `203.0.113.${++seq}`;

/** What the provider says of a person: `sub` fresh unless given; verified email unless told. */
function profile(p: Partial<OidcProfile> = {}): OidcProfile {
  const id = randomBytes(4).toString("hex");
  return {
    provider: "oidc",
    issuer: ISSUER,
    subject: `sub-${id}`,
    email: `p-${id}@idp.test`,
    emailVerified: true,
    name: `Person ${id}`,
    preferredUsername: `p_${id}`,
    image: "",
    ...p,
  };
}

const memberCount = async () => (await db.select({ id: users.id }).from(users)).length;

beforeAll(() => {
  env(true);
});

describe("settings", () => {
  it("OIDC_* come together; the provider counts as configured", () => {
    expect(externalProviders().oidc).toBe(true);
    expect(env().OIDC_LABEL).toBe("Single sign-on");
    expect(settingProblems({ OIDC_ISSUER: "https://id.example" })).toEqual([
      "OIDC_ISSUER=https://id.example: needs OIDC_CLIENT_ID, OIDC_CLIENT_SECRET as well (docs/accounts.md)",
    ]);
    expect(settingProblems({ OIDC_ISSUER: "not a url", OIDC_CLIENT_ID: "a", OIDC_CLIENT_SECRET: "b" })[0]).toMatch(/^OIDC_ISSUER=/);
    expect(settingProblems({ OIDC_ISSUER: "https://id.example", OIDC_CLIENT_ID: "a", OIDC_CLIENT_SECRET: "b" })).toEqual([]);
  });
});

describe("first sign-in", () => {
  it("links to the member with the same email when the provider verified it (case-insensitively), then finds them by sub", async () => {
    const m = await makeUser({ username: "oidc_link" });
    const before = await memberCount();
    const p = profile({ email: "OIDC_LINK@example.test" });
    expect(await beginOidcSignIn(p)).toEqual({ userId: m.id });
    expect(await memberCount()).toBe(before);
    const [link] = await db.select().from(userIdentities).where(eq(userIdentities.subject, p.subject));
    expect(link).toMatchObject({ userId: m.id, issuer: ISSUER, provider: "oidc", email: "oidc_link@example.test" });
    // Later the provider's email changed (even to an unverified one): the link still names the member.
    expect(await beginOidcSignIn({ ...p, email: "elsewhere@idp.test", emailVerified: false })).toEqual({ userId: m.id });
    // The same sub under another issuer is another person.
    const other = await beginOidcSignIn({ ...p, issuer: "https://other.example", email: "x-other@idp.test" });
    expect(other).toHaveProperty("chooseUsername");
  });

  it("does not link by an unverified email: refused (403), no member made, no link", async () => {
    const m = await makeUser({ username: "oidc_unverified" });
    const before = await memberCount();
    const p = profile({ email: "oidc_unverified@example.test", emailVerified: false });
    await expect(beginOidcSignIn(p)).rejects.toMatchObject({ code: "forbidden", message: expect.stringContaining("not verified") });
    expect(await memberCount()).toBe(before);
    expect(await db.select().from(userIdentities).where(eq(userIdentities.userId, m.id))).toEqual([]);
  });

  it("no email or no sub: refused", async () => {
    await expect(beginOidcSignIn(profile({ email: "" }))).rejects.toMatchObject({ code: "bad_request" });
    await expect(beginOidcSignIn(profile({ subject: "" }))).rejects.toMatchObject({ code: "bad_request" });
  });

  it("signs a suspended member in, by email and by an earlier link, as every sign-in method does (writes are refused: tests/api/suspension-sign-in.test.ts)", async () => {
    const m = await makeUser({ username: "oidc_suspended" });
    const p = profile({ email: "oidc_suspended@example.test" });
    expect(await beginOidcSignIn(p)).toEqual({ userId: m.id });
    const until = new Date(Date.now() + 86_400_000);
    await db.update(users).set({ suspendedUntil: until }).where(eq(users.id, m.id));
    expect(await beginOidcSignIn(p)).toEqual({ userId: m.id });
    const m2 = await makeUser({ username: "oidc_suspended2" });
    await db.update(users).set({ suspendedUntil: until }).where(eq(users.id, m2.id));
    expect(await beginOidcSignIn(profile({ email: "oidc_suspended2@example.test" }))).toEqual({ userId: m2.id });
  });
});

describe("a new member chooses a username", () => {
  it("waits for the username (preferred_username offered), then makes the member, verified, linked, terms accepted; the ticket is used once", async () => {
    const before = await memberCount();
    const p = profile({ preferredUsername: "carol_idp", email: "Carol@IdP.test" });
    const out = await beginOidcSignIn({ ...p, callbackUrl: "/t/1" });
    if (!("chooseUsername" in out)) throw new Error("expected a pending sign-up");
    expect(await memberCount()).toBe(before);
    const { ticket } = out.chooseUsername;
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the ticket's hash is stored.
    expect((await db.select().from(pendingSignUps)).some((r) => r.ticketHash === ticket)).toBe(false);
    expect(await getPendingSignUp(ticket)).toMatchObject({ email: "carol@idp.test", suggestedUsername: "carol_idp", callbackUrl: "/t/1" });
    expect(await getPendingSignUp("wrong")).toBeNull();

    // Against the rule, or taken (also a former name): refused naming `username`; the ticket stays.
    await expect(completeOidcSignUp({ ticket, username: "no spaces" })).rejects.toMatchObject({
      code: "validation_failed",
      field: "username",
    });
    const taken = await makeUser({ username: "carol_taken" });
    await expect(completeOidcSignUp({ ticket, username: "CAROL_TAKEN" })).rejects.toMatchObject({ code: "conflict", field: "username" });
    expect(await getPendingSignUp(ticket)).not.toBeNull();

    const done = await completeOidcSignUp({ ticket, username: "carol_chosen" });
    expect(done.callbackUrl).toBe("/t/1");
    const [u] = await db.select().from(users).where(eq(users.id, done.userId));
    expect(u).toMatchObject({ username: "carol_chosen", email: "carol@idp.test", passwordHash: null });
    expect(u!.emailVerifiedAt).not.toBeNull();
    expect(await db.select().from(userIdentities).where(eq(userIdentities.userId, done.userId))).toHaveLength(1);
    expect(await db.select().from(termsAcceptances).where(eq(termsAcceptances.userId, done.userId))).toHaveLength(1);
    expect(await memberCount()).toBe(before + 2);
    // Used up; the next sign-in finds the member by sub.
    await expect(completeOidcSignUp({ ticket, username: "carol_again" })).rejects.toMatchObject({ code: "unauthorized" });
    expect(await getPendingSignUp(ticket)).toBeNull();
    expect(await beginOidcSignIn(p)).toEqual({ userId: done.userId });
    expect(taken.id).not.toBe(done.userId);
  });

  it("a taken or invalid preferred_username is not offered as it is; an unverified address stays unconfirmed", async () => {
    await makeUser({ username: "dave_idp" });
    const a = await beginOidcSignIn(profile({ preferredUsername: "dave_idp", name: "", email: "dave_idp@other.test" }));
    if (!("chooseUsername" in a)) throw new Error("expected a pending sign-up");
    expect((await getPendingSignUp(a.chooseUsername.ticket))!.suggestedUsername).toBe("");
    const b = await beginOidcSignIn(profile({ preferredUsername: "émile!", name: "Émile Zola", emailVerified: false }));
    if (!("chooseUsername" in b)) throw new Error("expected a pending sign-up");
    expect((await getPendingSignUp(b.chooseUsername.ticket))!.suggestedUsername).toBe("mileZola");
    const done = await completeOidcSignUp({ ticket: b.chooseUsername.ticket, username: "emile" });
    const [u] = await db.select().from(users).where(eq(users.id, done.userId));
    expect(u!.emailVerifiedAt).toBeNull();
  });

  it("an expired ticket is refused; closed sign-up refuses new members but still links existing ones", async () => {
    const p = profile();
    const out = await beginOidcSignIn(p);
    if (!("chooseUsername" in out)) throw new Error("expected a pending sign-up");
    await db
      .update(pendingSignUps)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pendingSignUps.subject, p.subject));
    expect(await getPendingSignUp(out.chooseUsername.ticket)).toBeNull();
    await expect(completeOidcSignUp({ ticket: out.chooseUsername.ticket, username: "late_one" })).rejects.toMatchObject({
      code: "unauthorized",
    });

    await db
      .insert(siteSettings)
      .values({ id: 1, registrationMode: "CLOSED" })
      .onConflictDoUpdate({ target: siteSettings.id, set: { registrationMode: "CLOSED" } });
    try {
      await expect(beginOidcSignIn(profile())).rejects.toMatchObject({ code: "registration_closed" });
      const m = await makeUser({ username: "oidc_closed" });
      expect(await beginOidcSignIn(profile({ email: "oidc_closed@example.test" }))).toEqual({ userId: m.id });
    } finally {
      await db.update(siteSettings).set({ registrationMode: "OPEN" }).where(eq(siteSettings.id, 1));
    }
  });

  it("a deleted account's link goes with it: the provider account then starts a new member", async () => {
    const m = await makeUser({ username: "oidc_deleted", password: "right-password" });
    const p = profile({ email: "oidc_deleted@example.test" });
    expect(await beginOidcSignIn(p)).toEqual({ userId: m.id });
    await deleteMyAccount({ id: m.id }, { password: "right-password", content: "keep", ip: freshIp() });
    expect(await db.select().from(userIdentities).where(eq(userIdentities.userId, m.id))).toEqual([]);
    expect(await beginOidcSignIn(p)).toHaveProperty("chooseUsername");
  });
});

describe("SSO-only sign-in", () => {
  let admin: Awaited<ReturnType<typeof makeUser>>;
  const setSso = (on: boolean) => call(putConfig, "/api/admin/config", { method: "PUT", token: admin.token, body: { ssoOnly: on } });
  beforeAll(async () => {
    admin = await makeUser({ username: "sso_admin", role: "ADMIN", password: "admin-password" });
  });
  afterAll(async () => {
    await setSso(false);
  });

  it("only an admin turns it on; the change is audited; GET shows it and that a provider is there", async () => {
    const mod = await makeUser({ username: "sso_mod", role: "MODERATOR" });
    expect((await call(putConfig, "/api/admin/config", { method: "PUT", token: mod.token, body: { ssoOnly: true } })).status).toBe(403);
    const bad = await call(putConfig, "/api/admin/config", { method: "PUT", token: admin.token, body: { ssoOnly: "yes" } });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("ssoOnly");
    const put = await setSso(true);
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ ssoOnly: true, ssoAvailable: true });
    expect((await call(getConfig, "/api/admin/config", { token: admin.token })).body.ssoOnly).toBe(true);
    const logs = await db.select().from(auditLogs).where(eq(auditLogs.action, "settings.update"));
    expect(logs.at(-1)).toMatchObject({ actorId: admin.id, before: { ssoOnly: false }, after: { ssoOnly: true } });
  });

  it("refuses password sign-in (403 sso_only) after a right password, except for admins; a wrong password is still 401", async () => {
    await setSso(true);
    const m = await makeUser({ username: "sso_member", password: "member-password" });
    const wrong = await call(login, "/api/auth/login", {
      method: "POST",
      headers: peerHeaders(freshIp()),
      body: { username: m.username, password: "nope-nope" },
    });
    expect(wrong.status).toBe(401);
    const refused = await call(login, "/api/auth/login", {
      method: "POST",
      headers: peerHeaders(freshIp()),
      body: { username: m.username, password: "member-password" },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("sso_only");
    const mod = await makeUser({ username: "sso_mod2", role: "MODERATOR", password: "mod-password" });
    expect(
      (
        await call(login, "/api/auth/login", {
          method: "POST",
          headers: peerHeaders(freshIp()),
          body: { username: mod.username, password: "mod-password" },
        })
      ).body.code,
    ).toBe("sso_only");
    const ok = await call(login, "/api/auth/login", {
      method: "POST",
      headers: peerHeaders(freshIp()),
      body: { username: "sso_admin", password: "admin-password" },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.token).toBeTruthy();
    // The browser form's Credentials provider asks the same check.
    await expect(assertPasswordSignIn({ role: "USER" })).rejects.toMatchObject({ code: "sso_only" });
    await expect(assertPasswordSignIn({ role: "ADMIN" })).resolves.toBeUndefined();
    // Sign-in through the provider is not affected.
    expect(await beginOidcSignIn(profile({ email: "sso_member@example.test" }))).toEqual({ userId: m.id });
  });

  it("refuses sign-up with a password (403 sso_only)", async () => {
    await setSso(true);
    const r = await call(register, "/api/auth/register", {
      method: "POST",
      headers: peerHeaders(freshIp()),
      body: { username: "sso_newbie", email: "sso_newbie@example.test", password: "long-enough-password" },
    });
    expect(r.status).toBe(403);
    expect(r.body.code).toBe("sso_only");
    await setSso(false);
    expect(
      (
        await call(login, "/api/auth/login", {
          method: "POST",
          headers: peerHeaders(freshIp()),
          body: { username: "sso_member", password: "member-password" },
        })
      ).status,
    ).toBe(200);
  });

  it("cannot be turned on without a provider (400), and is not in force when the provider goes", async () => {
    await setSso(true);
    const saved = process.env.OIDC_ISSUER;
    delete process.env.OIDC_ISSUER;
    delete process.env.OIDC_CLIENT_ID;
    delete process.env.OIDC_CLIENT_SECRET;
    env(true);
    try {
      await expect(assertPasswordSignIn({ role: "USER" })).resolves.toBeUndefined();
      await setSso(false);
      const r = await setSso(true);
      expect(r.status).toBe(400);
      expect(r.body.field).toBe("ssoOnly");
      expect((await call(getConfig, "/api/admin/config", { token: admin.token })).body).toMatchObject({
        ssoOnly: false,
        ssoAvailable: false,
      });
    } finally {
      process.env.OIDC_ISSUER = saved;
      process.env.OIDC_CLIENT_ID = "forum-test";
      process.env.OIDC_CLIENT_SECRET = "forum-test-secret";
      env(true);
    }
  });
});
