// Limits lowered for this file (each test file runs in its own process and database).
process.env.RATE_LIMIT_REGISTER = "2";
process.env.RATE_LIMIT_LOGIN = "3";

import { describe, expect, it } from "vitest";
import { POST as register } from "@/app/api/auth/register/route";
import { POST as login } from "@/app/api/auth/login/route";
import { peerHeaders } from "@/lib/api/client-ip";
import { errorSchema } from "@/lib/validation/responses";
import { call, makeUser } from "../helpers";

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
