import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db";
import { setupTokens, termsAcceptances, users } from "@/db/schema";
import { GET as setupState, POST as setup } from "@/app/api/setup/route";
import { POST as login } from "@/app/api/auth/login/route";
import { PUT as putAdminConfig } from "@/app/api/admin/config/route";
import { ensureSetupToken, forgetAdminSeen } from "@/lib/services/site/setup";
import { peerHeaders } from "@/lib/api/client-ip";
import { setupResultSchema } from "@/lib/validation/setup";
import { call, makeUser } from "../helpers";

/** Issue 61: the first-run setup on a database without an administrator. */

let token: string;
const body = (over: Record<string, string> = {}) => ({
  token,
  username: "founder",
  email: "founder@example.test",
  password: "founder-password",
  ...over,
});

beforeAll(async () => {
  forgetAdminSeen();
  // A member is no administrator: the setup is still open.
  await makeUser();
  token = (await ensureSetupToken())!;
});

describe("first-run setup", () => {
  it("makes one token, kept in the database and (embedded) in the data folder, the same on every start", async () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await ensureSetupToken()).toBe(token);
    expect(await db.select().from(setupTokens)).toHaveLength(1);
    const file = path.join(process.env.DATA_DIR!, "setup-token");
    if (!process.env.TEST_DATABASE_URL) expect(readFileSync(file, "utf8").trim()).toBe(token);
  });

  it("answers 404 without the token or with a wrong one, and writes nothing", async () => {
    expect((await call(setupState, `/api/setup?token=${token}`)).status).toBe(200);
    expect((await call(setupState, "/api/setup?token=wrong")).status).toBe(404);
    expect((await call(setupState, "/api/setup")).status).toBe(400);
    // One character off (the last one changed: a token that ends in "x" already would be the right one).
    const wrong = await call(setup, "/api/setup", { body: body({ token: `${token.slice(0, -1)}${token.endsWith("x") ? "y" : "x"}` }) });
    expect(wrong.status).toBe(404);
    expect(await db.select().from(users).where(eq(users.role, "ADMIN"))).toHaveLength(0);
    // The account rules of sign-up apply (400 naming the field).
    expect((await call(setup, "/api/setup", { body: body({ password: "short" }) })).body).toMatchObject({ field: "password" });
  });

  it("two attempts at once create exactly one administrator; the setup is a 404 afterwards", async () => {
    const [a, b] = await Promise.all([
      call(setup, "/api/setup", { body: body({ username: "first", email: "first@example.test" }) }),
      call(setup, "/api/setup", { body: body({ username: "second", email: "second@example.test" }) }),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([201, 404]);
    const won = a.status === 201 ? a : b;
    expect(setupResultSchema.parse(won.body).user.role).toBe("ADMIN");
    const admins = await db
      .select({ id: users.id, username: users.username, verified: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.role, "ADMIN"));
    expect(admins).toHaveLength(1);
    expect(admins[0]!.verified).not.toBeNull();
    expect(await db.select().from(termsAcceptances).where(eq(termsAcceptances.userId, admins[0]!.id))).toHaveLength(1);
    // The token is gone (database and file); the setup cannot be reached again, even with it.
    expect(await db.select().from(setupTokens)).toHaveLength(0);
    expect(existsSync(path.join(process.env.DATA_DIR!, "setup-token"))).toBe(false);
    expect((await call(setupState, `/api/setup?token=${token}`)).status).toBe(404);
    expect((await call(setup, "/api/setup", { body: body({ username: "third", email: "third@example.test" }) })).status).toBe(404);
    expect(await ensureSetupToken()).toBeNull();

    // The new administrator signs in and names the site (the setup's second step).
    const signedIn = await call(login, "/api/auth/login", {
      headers: peerHeaders("198.51.100.9"),
      body: { username: admins[0]!.username, password: "founder-password" },
    });
    expect(signedIn.status).toBe(200);
    const named = await call(putAdminConfig, "/api/admin/config", {
      method: "PUT",
      token: signedIn.body.token,
      body: { siteName: "Night Owls", siteDescription: "For people awake at 3 am", defaultLanguage: "zh-CN" },
    });
    expect(named.status).toBe(200);
    expect(named.body).toMatchObject({ siteName: "Night Owls", defaultLanguage: "zh-CN" });
  });

  it("a database that has an administrator never opens the setup (no token is made)", async () => {
    forgetAdminSeen();
    expect(await ensureSetupToken()).toBeNull();
    expect((await call(setupState, "/api/setup?token=anything")).status).toBe(404);
  });
});
