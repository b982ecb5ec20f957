import { beforeAll, describe, expect, it } from "vitest";
import { POST as register } from "@/app/api/auth/register/route";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as reset } from "@/app/api/auth/reset/route";
import { POST as changeEmail } from "@/app/api/users/me/email/route";
import { POST as changePassword } from "@/app/api/users/me/password/route";
import { peerHeaders } from "@/lib/api/client-ip";
import { createResetToken } from "@/lib/services/auth/email-codes";
import { errorSchema } from "@/lib/validation/responses";
import { call, makeUser, setRateLimits } from "../helpers";

// Limits lowered for this file (each test file runs in its own database).
beforeAll(() => setRateLimits({ register: { limit: 2 }, login: { limit: 3 } }));

const expectRateLimited = (r: { status: number; headers: Headers; body: unknown }, limit: number) => {
  expect(r.status).toBe(429);
  expect(errorSchema.parse(r.body).code).toBe("rate_limited");
  expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(r.headers.get("ratelimit-limit")).toBe(String(limit));
  expect(r.headers.get("ratelimit-remaining")).toBe("0");
  expect(Number(r.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
};

describe("registration rate limit (per address)", () => {
  it("answers 429 with Retry-After and RateLimit-* headers past the limit, per client address", async () => {
    const from = (ip: string, i: string) =>
      call(register, "/api/auth/register", {
        method: "POST",
        headers: peerHeaders(ip),
        body: { username: `reg${i}`, email: `reg${i}@example.test`, password: "password-1" },
      });
    expect((await from("203.0.113.1", "a")).status).toBe(201);
    expect((await from("203.0.113.1", "b")).status).toBe(201);
    expectRateLimited(await from("203.0.113.1", "c"), 2);
    expect((await from("203.0.113.2", "d")).status).toBe(201);
  });
});

describe("failed login rate limit (per address and per account)", () => {
  const attempt = (username: string, password: string, ip: string) =>
    call(login, "/api/auth/login", { method: "POST", headers: peerHeaders(ip), body: { username, password } });

  it("blocks an address after the limit of failures, even with the right password", async () => {
    await makeUser({ username: "victim1", password: "right-password" });
    await makeUser({ username: "other1", password: "right-password" });
    for (let i = 0; i < 3; i++) expect((await attempt(`nobody${i}`, "wrong-password", "198.51.100.1")).status).toBe(401);
    expectRateLimited(await attempt("victim1", "right-password", "198.51.100.1"), 3);
    expect((await attempt("other1", "right-password", "198.51.100.2")).status).toBe(200);
  });

  it("blocks an account after the limit of failures from several addresses, case-insensitively", async () => {
    await makeUser({ username: "victim2", password: "right-password" });
    for (let i = 0; i < 3; i++) expect((await attempt(i % 2 ? "VICTIM2" : "victim2", "wrong-password", `192.0.2.${i}`)).status).toBe(401);
    expectRateLimited(await attempt("victim2", "right-password", "192.0.2.50"), 3);
  });

  it("does not count successful sign-ins", async () => {
    await makeUser({ username: "regular", password: "right-password" });
    for (let i = 0; i < 5; i++) expect((await attempt("regular", "right-password", "192.0.2.99")).status).toBe(200);
  });
});

// each of these hashed or compared a password. They are counted before that work,
// per client address and per account, so a burst at once is held to the limit too (a check before and a
// count after let every request of a burst through).
describe("every request that hashes or compares a password is limited per address and per account", () => {
  const reset_ = (ip: string, token: string, password = "new-password-1") =>
    call(reset, "/api/auth/reset", { method: "POST", headers: peerHeaders(ip), body: { token, password } });
  const guessed = (i: number) => `guessed-token-${i}-abcdefghijklmnopqrstuvwxyz`;
  const signIn = (username: string, password: string, ip: string) =>
    call(login, "/api/auth/login", { method: "POST", headers: peerHeaders(ip), body: { username, password } });

  it("reset: random tokens from one address are refused past the limit, a valid one too; other addresses are not", async () => {
    for (let i = 0; i < 3; i++) expect((await reset_("203.0.113.154", guessed(i))).status).toBe(400);
    const u = await makeUser({ username: "resetter1" });
    const token = await createResetToken(u.id);
    expectRateLimited(await reset_("203.0.113.154", token), 3);
    expect((await reset_("203.0.113.155", token)).status).toBe(200);
  });

  it("reset: of a burst of random tokens at once from one address, only the limit's worth is looked at", async () => {
    const all = await Promise.all(Array.from({ length: 12 }, (_, i) => reset_("203.0.113.156", guessed(100 + i))));
    expect(all.filter((r) => r.status === 400)).toHaveLength(3);
    expect(all.filter((r) => r.status === 429)).toHaveLength(9);
  });

  it("reset: one account's resets are limited whatever the address, and a refused one changes nothing", async () => {
    const u = await makeUser({ username: "resetter2" });
    for (let i = 0; i < 3; i++) {
      expect((await reset_(`203.0.113.${160 + i}`, await createResetToken(u.id), `new-password-${i}`)).status).toBe(200);
    }
    expectRateLimited(await reset_("203.0.113.170", await createResetToken(u.id), "new-password-9"), 3);
    expect((await signIn("resetter2", "new-password-9", "203.0.113.171")).status).toBe(401);
    expect((await signIn("resetter2", "new-password-2", "203.0.113.172")).status).toBe(200);
  });

  it("sign-in: of a burst of wrong passwords at once on one account, only the limit's worth is compared", async () => {
    await makeUser({ username: "victim3", password: "right-password" });
    const all = await Promise.all(Array.from({ length: 10 }, (_, i) => signIn("victim3", "wrong-password", `192.0.2.${100 + i}`)));
    expect(all.filter((r) => r.status === 401)).toHaveLength(3);
    expect(all.filter((r) => r.status === 429)).toHaveLength(7);
  });

  it("password change: wrong current passwords count per address (another account from it is refused) and per account", async () => {
    const a = await makeUser({ password: "right-password" });
    const b = await makeUser({ password: "right-password" });
    const change = (u: { token: string }, currentPassword: string, ip: string) =>
      call(changePassword, "/api/users/me/password", {
        method: "POST",
        token: u.token,
        headers: peerHeaders(ip),
        body: { currentPassword, newPassword: "another-password" },
      });
    for (let i = 0; i < 3; i++) expect((await change(a, "wrong-password", "198.51.100.154")).status).toBe(400);
    expectRateLimited(await change(b, "right-password", "198.51.100.154"), 3);
    expectRateLimited(await change(a, "right-password", "198.51.100.155"), 3);
    expect((await change(b, "right-password", "198.51.100.156")).status).toBe(200);
  });

  it("email change: wrong passwords count per address (another account from it is refused) and per account", async () => {
    const a = await makeUser({ password: "right-password" });
    const b = await makeUser({ password: "right-password" });
    const change = (u: { token: string; username: string }, password: string, ip: string) =>
      call(changeEmail, "/api/users/me/email", {
        method: "POST",
        token: u.token,
        headers: peerHeaders(ip),
        body: { email: `new-${u.username}@example.test`, password },
      });
    for (let i = 0; i < 3; i++) expect((await change(a, "wrong-password", "198.51.100.164")).status).toBe(400);
    expectRateLimited(await change(b, "right-password", "198.51.100.164"), 3);
    expectRateLimited(await change(a, "right-password", "198.51.100.165"), 3);
    expect((await change(b, "right-password", "198.51.100.166")).status).toBe(200);
  });

  it("sign-up: one address of mail is limited whatever the client address", async () => {
    const as = (ip: string, username: string) =>
      call(register, "/api/auth/register", {
        method: "POST",
        headers: peerHeaders(ip),
        body: { username, email: "wanted@example.test", password: "password-1" },
      });
    expect((await as("203.0.113.180", "wanted1")).status).toBe(201);
    expect((await as("203.0.113.181", "wanted2")).status).toBe(409);
    expectRateLimited(await as("203.0.113.182", "wanted3"), 2);
  });
});
