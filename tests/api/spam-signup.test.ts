// Issue 58 item 3: screened sign-ups (honeypot, fill time, captcha, email domains, disposable list) and
// screened addresses for sign-up and writing, with their admin API.
import { createServer, type Server } from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db";
import { auditLogs, spamEvents, users } from "@/db/schema";
import { POST as register } from "@/app/api/auth/register/route";
import { GET as listEmails, POST as addEmail } from "@/app/api/admin/screened-emails/route";
import { DELETE as deleteEmail } from "@/app/api/admin/screened-emails/[id]/route";
import { GET as listIps, POST as addIp } from "@/app/api/admin/screened-ips/route";
import { DELETE as deleteIp } from "@/app/api/admin/screened-ips/[id]/route";
import { peerHeaders } from "@/lib/api/client-ip";
import { env } from "@/lib/env";
import { pagePolicy } from "@/lib/api/csp";
import { captchaConfig, signUpFormToken } from "@/lib/services/spam/signup";
import { GET as publicConfig } from "@/app/api/config/route";
import { publicConfigSchema } from "@/lib/validation/openisle/site";
import { call, member, post, theAdmin } from "./spam-helpers";

let n = 0;
const signUp = (o: Record<string, unknown> = {}, ip = "198.51.100.7") => {
  n++;
  return call(register, "/api/auth/register", {
    body: { username: `newbie${n}`, email: `newbie${n}@example.org`, password: "a-long-password", ...o },
    headers: peerHeaders(ip),
  });
};

describe("sign-up: honeypot and minimum fill time", () => {
  it("refuses a filled honeypot (403 signup_refused, rule honeypot) and logs it with the address", async () => {
    const r = await signUp({ website: "http://spam.test" });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: "signup_refused", rule: "honeypot" });
    const [ev] = await db.select().from(spamEvents).where(eq(spamEvents.rule, "honeypot"));
    expect(ev).toMatchObject({ kind: "signup_refused", ip: "198.51.100.7" });
  });

  it("refuses a form sent sooner than the minimum fill time, or with a forged token; accepts one shown long enough ago", async () => {
    expect((await signUp({ formToken: signUpFormToken() })).body).toMatchObject({ code: "signup_refused", rule: "fill_time" });
    expect((await signUp({ formToken: `${Date.now() - 60_000}.forged` })).body).toMatchObject({ rule: "fill_time" });
    const ok = await signUp({ formToken: signUpFormToken(Date.now() - 5_000), website: "" });
    expect(ok.status).toBe(201);
    // The sign-up address is kept for "Delete spammer" and the admin page.
    const [ev] = await db.select().from(spamEvents).where(eq(spamEvents.userId, ok.body.user.id));
    expect(ev).toMatchObject({ kind: "signup", ip: "198.51.100.7" });
  });
});

describe("sign-up: email domains", () => {
  it("refuses disposable domains by default (field email), unless ALLOWed; refuses a BLOCKed domain and its subdomains", async () => {
    const admin = await theAdmin();
    const d = await signUp({ email: "x1@mailinator.com" });
    expect(d.status).toBe(403);
    expect(d.body).toMatchObject({ code: "signup_refused", field: "email", rule: "disposable" });
    const allow = await call(addEmail, "/api/admin/screened-emails", {
      token: admin.token,
      body: { domain: "mailinator.com", action: "ALLOW" },
    });
    expect(allow.status).toBe(201);
    expect((await signUp({ email: "x2@mailinator.com" })).status).toBe(201);
    const block = await call(addEmail, "/api/admin/screened-emails", {
      token: admin.token,
      body: { domain: "@Spam-Co.example", action: "BLOCK" },
    });
    expect(block.body).toMatchObject({ domain: "spam-co.example", action: "BLOCK" });
    expect((await signUp({ email: "a@spam-co.example" })).body).toMatchObject({ field: "email", rule: "email_domain" });
    expect((await signUp({ email: "a@mx.spam-co.example" })).body).toMatchObject({ rule: "email_domain" });
    expect(
      (await call(addEmail, "/api/admin/screened-emails", { token: admin.token, body: { domain: "spam-co.example", action: "ALLOW" } }))
        .status,
    ).toBe(409);
    expect(
      (await call(addEmail, "/api/admin/screened-emails", { token: admin.token, body: { domain: "nodot", action: "BLOCK" } })).body,
    ).toMatchObject({
      code: "validation_failed",
      field: "domain",
    });
    const list = await call(listEmails, "/api/admin/screened-emails", { token: admin.token });
    expect(list.body.map((e: { domain: string }) => e.domain)).toEqual(["mailinator.com", "spam-co.example"]);
    const id = String(block.body.id);
    expect(
      (await call(deleteEmail, `/api/admin/screened-emails/${id}`, { method: "DELETE", token: admin.token, params: { id } })).status,
    ).toBe(204);
    expect((await signUp({ email: "b@spam-co.example" })).status).toBe(201);
    const lines = await db.select({ action: auditLogs.action }).from(auditLogs).where(eq(auditLogs.targetType, "screened-email"));
    expect(lines.map((l) => l.action)).toEqual(["spam.email.add", "spam.email.add", "spam.email.delete"]);
  });
});

describe("screened addresses: sign-up and writing", () => {
  it("refuses sign-up and member writes from a blocked range (403 ip_blocked), lets an ALLOWed address inside it and staff through", async () => {
    const admin = await theAdmin();
    const bad = await call(addIp, "/api/admin/screened-ips", { token: admin.token, body: { cidr: "203.0.113.77/24", action: "BLOCK" } });
    expect(bad.status).toBe(201);
    expect(bad.body.cidr).toBe("203.0.113.0/24");
    expect(
      (await call(addIp, "/api/admin/screened-ips", { token: admin.token, body: { cidr: "not-an-ip", action: "BLOCK" } })).body,
    ).toMatchObject({
      code: "validation_failed",
      field: "cidr",
    });
    expect(
      (await call(addIp, "/api/admin/screened-ips", { token: admin.token, body: { cidr: "203.0.113.0/24", action: "ALLOW" } })).status,
    ).toBe(409);
    const r = await signUp({}, "203.0.113.9");
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: "ip_blocked", rule: "ip" });
    const u = await member(1);
    const w = await post(u, { headers: peerHeaders("203.0.113.10") });
    expect(w.status).toBe(403);
    expect(w.body.code).toBe("ip_blocked");
    expect((await post(u, { headers: peerHeaders("198.51.100.1") })).status).toBe(201);
    expect((await post(admin, { headers: peerHeaders("203.0.113.10") })).status).toBe(201);
    const allow = await call(addIp, "/api/admin/screened-ips", { token: admin.token, body: { cidr: "203.0.113.10", action: "ALLOW" } });
    expect(allow.body.cidr).toBe("203.0.113.10/32");
    expect((await post(u, { headers: peerHeaders("203.0.113.10") })).status).toBe(201);
    // IPv6 and IPv4-mapped forms.
    await call(addIp, "/api/admin/screened-ips", { token: admin.token, body: { cidr: "2001:db8::/32", action: "BLOCK" } });
    expect((await post(u, { headers: peerHeaders("2001:db8::5") })).status).toBe(403);
    expect((await post(u, { headers: peerHeaders("::ffff:203.0.113.11") })).status).toBe(403);
    const list = await call(listIps, "/api/admin/screened-ips", { token: admin.token });
    expect(list.body).toHaveLength(3);
    for (const e of list.body as { id: number }[]) {
      const id = String(e.id);
      expect((await call(deleteIp, `/api/admin/screened-ips/${id}`, { method: "DELETE", token: admin.token, params: { id } })).status).toBe(
        204,
      );
    }
    expect((await signUp({}, "203.0.113.9")).status).toBe(201);
  });
});

describe("captcha (Turnstile or hCaptcha) when keys are set, against a local verify endpoint", () => {
  let server: Server;
  const seen: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        const p = new URLSearchParams(body);
        seen.push(`${p.get("secret")}:${p.get("response")}`);
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ success: p.get("response") === "good-token" }));
      });
    });
    await new Promise<void>((r) => server.listen(4411, "127.0.0.1", r));
    Object.assign(process.env, {
      CAPTCHA_PROVIDER: "turnstile",
      CAPTCHA_SITE_KEY: "site-key",
      CAPTCHA_SECRET_KEY: "secret-key",
      CAPTCHA_VERIFY_URL: "http://127.0.0.1:4411/siteverify",
    });
    env(true);
  });
  afterAll(async () => {
    for (const k of ["CAPTCHA_PROVIDER", "CAPTCHA_SITE_KEY", "CAPTCHA_SECRET_KEY", "CAPTCHA_VERIFY_URL"]) delete process.env[k];
    env(true);
    await new Promise((r) => server.close(r));
  });

  it("asks for the token (field captchaToken), refuses one the provider rejects, accepts a good one", async () => {
    expect((await signUp()).body).toMatchObject({ code: "signup_refused", field: "captchaToken", rule: "captcha" });
    expect((await signUp({ captchaToken: "bad" })).body).toMatchObject({ code: "signup_refused", field: "captchaToken" });
    const ok = await signUp({ captchaToken: "good-token" });
    expect(ok.status).toBe(201);
    expect(seen).toEqual(["secret-key:bad", "secret-key:good-token"]);
    expect(await db.select().from(users).where(eq(users.id, ok.body.user.id))).toHaveLength(1);
  });

  it("the page policy allows the provider's documented origins only with a provider and both keys; CAPTCHA_SCRIPT_URL's origin replaces them", () => {
    const directive = (csp: string, name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `));
    const keys = { CAPTCHA_SITE_KEY: "s", CAPTCHA_SECRET_KEY: "k" };
    // No keys (or one missing): the policy of a site without a captcha.
    for (const settings of [{}, { CAPTCHA_PROVIDER: "turnstile", CAPTCHA_SITE_KEY: "s" }]) {
      const p = pagePolicy([], settings);
      expect(directive(p, "script-src")).toBe("script-src 'self'");
      expect(directive(p, "frame-src")).toBeUndefined();
      expect(p).not.toMatch(/cloudflare|hcaptcha/);
    }
    const turnstile = pagePolicy(["'sha256-x'"], { CAPTCHA_PROVIDER: "turnstile", ...keys });
    expect(directive(turnstile, "script-src")).toBe("script-src 'self' https://challenges.cloudflare.com 'sha256-x'");
    expect(directive(turnstile, "frame-src")).toBe("frame-src 'self' https://challenges.cloudflare.com");
    expect(directive(turnstile, "connect-src")).toBe("connect-src 'self'");
    const hcaptcha = pagePolicy([], { CAPTCHA_PROVIDER: "hcaptcha", ...keys });
    for (const d of ["script-src", "frame-src", "connect-src"])
      expect(directive(hcaptcha, d)).toBe(`${d} 'self' https://hcaptcha.com https://*.hcaptcha.com`);
    expect(directive(hcaptcha, "style-src")).toBe("style-src 'self' 'unsafe-inline' https://hcaptcha.com https://*.hcaptcha.com");
    const standIn = pagePolicy([], { CAPTCHA_PROVIDER: "turnstile", ...keys, CAPTCHA_SCRIPT_URL: "http://127.0.0.1:3144/api.js" });
    expect(directive(standIn, "script-src")).toBe("script-src 'self' http://127.0.0.1:3144");
    expect(directive(standIn, "frame-src")).toBe("frame-src 'self' http://127.0.0.1:3144");
    expect(standIn).not.toContain("cloudflare");
    // The rest of the policy is the same either way.
    expect(directive(standIn, "frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(directive(standIn, "object-src")).toBe("object-src 'none'");
  });

  it("the sign-up form loads the provider's explicit-rendering script, or CAPTCHA_SCRIPT_URL", () => {
    expect(captchaConfig()).toEqual({
      provider: "turnstile",
      siteKey: "site-key",
      scriptUrl: "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit",
    });
    process.env.CAPTCHA_SCRIPT_URL = "http://127.0.0.1:3144/api.js";
    env(true);
    try {
      expect(captchaConfig()?.scriptUrl).toBe("http://127.0.0.1:3144/api.js");
    } finally {
      delete process.env.CAPTCHA_SCRIPT_URL;
      env(true);
    }
  });

  it("GET /api/config (OpenIsle's SiteConfigDto) says registerCaptchaEnabled (and captchaEnabled), the provider and the site key only with a provider and both keys; never the secret", async () => {
    const flags = async () => {
      const r = await call(publicConfig, "/api/config");
      expect(r.status).toBe(200);
      const b = publicConfigSchema.parse(r.body);
      expect(b).toMatchObject({ loginCaptchaEnabled: false, postCaptchaEnabled: false, commentCaptchaEnabled: false });
      // The secret keys of every case below ("secret-key", "sec-2") are never in the answer.
      expect(r.text).not.toMatch(/secret-key|sec-2/);
      return {
        captchaEnabled: b.captchaEnabled,
        registerCaptchaEnabled: b.registerCaptchaEnabled,
        captchaProvider: b.captchaProvider,
        captchaSiteKey: b.captchaSiteKey,
      };
    };
    const on = (captchaProvider: "turnstile" | "hcaptcha", captchaSiteKey: string) => ({
      captchaEnabled: true,
      registerCaptchaEnabled: true,
      captchaProvider,
      captchaSiteKey,
    });
    const off = { captchaEnabled: false, registerCaptchaEnabled: false, captchaProvider: null, captchaSiteKey: null };
    // This block's settings: Turnstile with both keys.
    expect(await flags()).toEqual(on("turnstile", "site-key"));
    const names = ["CAPTCHA_PROVIDER", "CAPTCHA_SITE_KEY", "CAPTCHA_SECRET_KEY"] as const;
    const saved = Object.fromEntries(names.map((k) => [k, process.env[k]]));
    const cases: [Partial<Record<(typeof names)[number], string>>, Awaited<ReturnType<typeof flags>>][] = [
      [{ CAPTCHA_PROVIDER: "hcaptcha", CAPTCHA_SITE_KEY: "s2", CAPTCHA_SECRET_KEY: "sec-2" }, on("hcaptcha", "s2")],
      [{ CAPTCHA_PROVIDER: "turnstile", CAPTCHA_SITE_KEY: "s2" }, off],
      [{ CAPTCHA_PROVIDER: "hcaptcha", CAPTCHA_SECRET_KEY: "sec-2" }, off],
      [{ CAPTCHA_SITE_KEY: "s2", CAPTCHA_SECRET_KEY: "sec-2" }, off],
      [{}, off],
    ];
    try {
      for (const [settings, want] of cases) {
        for (const k of names) delete process.env[k];
        Object.assign(process.env, settings);
        env(true);
        expect(await flags(), JSON.stringify(settings)).toEqual(want);
      }
    } finally {
      for (const k of names) {
        if (saved[k] === undefined) delete process.env[k];
        else process.env[k] = saved[k];
      }
      env(true);
    }
  });
});
