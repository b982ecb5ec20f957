// finding 6 (login timing told which usernames exist: 8 ms unknown vs 86 ms wrong password)
// and the one login-attempt service: the browser sign-in (server action → Auth.js authorize())
// counts one wrong password once, on the same per-account key as POST /api/auth/login.
import { vi } from "vitest";

// The real password-hash cost in this file (the other tests lower it), so that the comparison is what takes time.
vi.hoisted(() => {
  delete process.env.PASSWORD_HASH_MEMORY_KIB;
  delete process.env.PASSWORD_HASH_TIME_COST;
});

const requestHeaders = vi.hoisted(() => ({ current: new Headers() }));
const jar = vi.hoisted(() => new Map<string, string>());
vi.mock("next/headers", () => ({
  headers: async () => requestHeaders.current,
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined),
    getAll: () => [...jar].map(([name, value]) => ({ name, value })),
    has: (name: string) => jar.has(name),
    set: (name: string, value: string) => void jar.set(name, value),
    delete: (name: string) => void jar.delete(name),
  }),
}));

// Every comparison the sign-in makes, with the hash it compared against (the real function runs).
const compared = vi.hoisted(() => [] as string[]);
vi.mock("@/lib/services/shared/passwords", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/services/shared/passwords")>();
  return {
    ...real,
    verifyPassword: async (password: string, hash: string | null | undefined) => {
      compared.push(hash ?? "");
      return real.verifyPassword(password, hash);
    },
  };
});

import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db";
import { rateLimits, userSessions } from "@/db/schema";
import { signInWithPassword } from "@/lib/actions/auth";
import { POST as login } from "@/app/api/auth/login/route";
import { peerHeaders } from "@/lib/api/client-ip";
import { call, makeUser } from "../helpers";
import { env } from "@/lib/env";

// tests/setup.ts read the settings (with the lowered cost) before the lines above deleted it: read them again.
env(true);

describe("finding 6: equal-time login", () => {
  it("an unknown name costs the same comparison as a wrong password (a dummy hash of the configured cost)", async () => {
    const u = await makeUser({ password: "right-password" });
    let n = 0;
    const timed = async (username: string) => {
      compared.length = 0;
      const t0 = performance.now();
      const r = await call(login, "/api/auth/login", {
        method: "POST",
        headers: peerHeaders(`198.19.${n}.${++n}`),
        body: { username, password: "wrong-password" },
      });
      const ms = performance.now() - t0;
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ error: expect.any(String) });
      // Exactly one comparison, against an Argon2id hash of the configured cost, on either path.
      expect(compared).toHaveLength(1);
      expect(compared[0]).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      return { ms, hash: compared[0]! };
    };
    const warm = await timed("warm-up-unknown");
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 9; i++) {
      const a = await timed(`nobody-${i}`);
      const b = await timed(i % 2 ? u.username : `${u.username.toLowerCase()}@example.test`);
      // The unknown name is compared with the one dummy hash, never the member's; the member with theirs.
      expect(a.hash).toBe(warm.hash);
      expect(b.hash).not.toBe(warm.hash);
      unknown.push(a.ms);
      wrong.push(b.ms);
      // The account's own limit (10) is not the point here.
      await db.delete(rateLimits).where(like(rateLimits.key, "login:user:%"));
    }
    // The fastest of each (noise from other work only ever adds time): the same order of cost. Before the
    // dummy comparison an unknown name answered in 8 ms against 86 ms for a wrong password (ratio 0.09).
    const fastest = (xs: number[]) => Math.min(...xs);
    const ratio = fastest(unknown) / fastest(wrong);
    const detail = `unknown ${fastest(unknown).toFixed(1)} ms vs wrong ${fastest(wrong).toFixed(1)} ms`;
    expect(fastest(wrong), detail).toBeGreaterThan(5);
    expect(ratio, detail).toBeGreaterThan(0.4);
    expect(ratio, detail).toBeLessThan(2.5);
  }, 60_000);
});

describe("one login-attempt service for every sign-in path", () => {
  it("one wrong password in the browser form counts once per key; a right one starts a server-side session", async () => {
    const u = await makeUser({ password: "right-password" });
    requestHeaders.current = new Headers({
      host: "localhost:3000",
      "x-forwarded-proto": "http",
      "user-agent": "Browser/1",
      ...peerHeaders("203.0.113.61"),
    });
    const form = (password: string) => {
      const f = new FormData();
      f.set("username", u.username.toUpperCase());
      f.set("password", password);
      f.set("callbackUrl", "/");
      return f;
    };
    const failed = await signInWithPassword(undefined, form("wrong-password"));
    expect(failed.error).toBe("Wrong username or password.");
    const counters = await db.select().from(rateLimits).where(like(rateLimits.key, "login:%"));
    const byKey = Object.fromEntries(
      counters
        .filter((r) => r.key.endsWith(":203.0.113.61") || r.key.includes(`:${u.id}`) || r.key.includes(u.username.toLowerCase()))
        .map((r) => [r.key, r.count]),
    );
    expect(byKey).toEqual({ [`login:user:${u.id}`]: 1, "login:ip:203.0.113.61": 1 });

    // The same account by email through the API adds to the same counter.
    await call(login, "/api/auth/login", {
      method: "POST",
      headers: peerHeaders("203.0.113.62"),
      body: { email: `${u.username.toLowerCase()}@example.test`, password: "nope-nope" },
    });
    const [acct] = await db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `login:user:${u.id}`));
    expect(acct!.count).toBe(2);

    // Success: Next's redirect is thrown, the cookie is set, and a session row exists for the user.
    const redirect = await signInWithPassword(undefined, form("right-password")).then(
      () => null,
      (e: unknown) => e,
    );
    expect(String((redirect as { digest?: string })?.digest ?? redirect)).toContain("NEXT_REDIRECT");
    expect([...jar.keys()].some((k) => k.endsWith("authjs.session-token"))).toBe(true);
    const sessions = await db
      .select()
      .from(userSessions)
      .where(and(eq(userSessions.userId, u.id)));
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ userAgent: "Browser/1", ip: "203.0.113.61", revokedAt: null });
    expect(
      await db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, `login:user:${u.id}`)),
    ).toHaveLength(0);
  });

  it("the browser form reports the shared limit once it is used up", async () => {
    const u = await makeUser({ password: "right-password" });
    requestHeaders.current = new Headers({ host: "localhost:3000", ...peerHeaders("203.0.113.70") });
    for (let i = 0; i < 10; i++) {
      await call(login, "/api/auth/login", {
        method: "POST",
        headers: peerHeaders(`203.0.114.${i}`),
        body: { username: u.username, password: "nope-nope" },
      });
    }
    const f = new FormData();
    f.set("username", u.username);
    f.set("password", "right-password");
    const r = await signInWithPassword(undefined, f);
    expect(r.error).toMatch(/Too many failed sign-ins/);
  });
});
