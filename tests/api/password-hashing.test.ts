// password hashing froze the server. An anonymous POST /api/auth/reset with a random
// token hashed the new password (bcryptjs, on the server's one thread) before it looked at the token;
// hashes made by bcryptjs before must keep working, and are replaced on the next sign-in.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db";
import { users } from "@/db/schema";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as reset } from "@/app/api/auth/reset/route";
import { peerHeaders } from "@/lib/api/client-ip";
import { createResetToken } from "@/lib/services/auth/email-codes";
import { passwordWorkState } from "@/lib/services/shared/passwords";
import { call, makeUser } from "../helpers";

// Made by bcryptjs (cost 10) for "old-password-1", as the accounts of earlier versions hold them: the
// `$2b$` one by bcryptjs 3, the `$2a$` one the same hash under the prefix bcryptjs 2 wrote.
const BCRYPTJS_2B = "$2b$10$.rsKWkhjQ.P7rsyCQWl/DuaUqvPkaZVwDGWXH1on7bIocXyuti502";
const BCRYPTJS_2A = BCRYPTJS_2B.replace("$2b$", "$2a$");

const hashOf = async (id: number) => (await db.select({ h: users.passwordHash }).from(users).where(eq(users.id, id)))[0]!.h!;

describe("POST /api/auth/reset checks the token before any hashing", () => {
  it("a random token is a 400 on `token`, and no password is hashed or compared", async () => {
    const before = passwordWorkState().started;
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        call(reset, "/api/auth/reset", {
          method: "POST",
          headers: peerHeaders(`198.18.54.${i + 1}`),
          body: { token: `no-such-token-${i}-abcdefghijklmnopqrstuvwxyz`, password: "a new password" },
        }),
      ),
    );
    for (const r of answers) {
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: "validation_failed", field: "token" });
    }
    expect(passwordWorkState().started).toBe(before);
  });

  it("a valid token still sets the new password (one hash)", async () => {
    const u = await makeUser({ password: "old-password-9" });
    const token = await createResetToken(u.id);
    const before = passwordWorkState().started;
    const r = await call(reset, "/api/auth/reset", {
      method: "POST",
      headers: peerHeaders("198.18.54.99"),
      body: { token, password: "new-password-9" },
    });
    expect(r.status).toBe(200);
    expect(passwordWorkState().started).toBe(before + 1);
    const signIn = await call(login, "/api/auth/login", {
      method: "POST",
      headers: peerHeaders("198.18.54.100"),
      body: { username: u.username, password: "new-password-9" },
    });
    expect(signIn.status).toBe(200);
  });
});

describe("hashes made by bcryptjs before", () => {
  const signIn = (username: string, password: string, n: number) =>
    call(login, "/api/auth/login", { method: "POST", headers: peerHeaders(`198.18.55.${n}`), body: { username, password } });

  for (const [prefix, legacy] of [
    ["$2a$", BCRYPTJS_2A],
    ["$2b$", BCRYPTJS_2B],
  ] as const) {
    it(`a ${prefix} hash verifies, is replaced by an Argon2id one on sign-in, and the password keeps working`, async () => {
      const u = await makeUser();
      await db.update(users).set({ passwordHash: legacy }).where(eq(users.id, u.id));

      expect((await signIn(u.username, "wrong-password", 1)).status).toBe(401);
      expect(await hashOf(u.id)).toBe(legacy);

      expect((await signIn(u.username, "old-password-1", 2)).status).toBe(200);
      const upgraded = await hashOf(u.id);
      expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=1\$/);

      expect((await signIn(u.username, "old-password-1", 3)).status).toBe(200);
      expect(await hashOf(u.id)).toBe(upgraded);
      expect((await signIn(u.username, "wrong-password", 4)).status).toBe(401);
    });
  }
});
