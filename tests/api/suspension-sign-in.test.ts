// One rule for suspended and silenced members across sign-in methods (issue 60): whatever they sign in
// with (password through POST /api/auth/login, a passkey: tests/api/passkeys.test.ts, OpenID Connect,
// GitHub/Google), they get in and can read (the notice says why and until when), and every write by any
// cookie or token, made before the suspension or during it, answers 403 `suspended` (lib/api/route.ts).
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db";
import { posts, users } from "@/db/schema";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as logout } from "@/app/api/auth/logout/route";
import { GET as me, PUT as updateMe } from "@/app/api/users/me/route";
import { POST as postComment } from "@/app/api/posts/[id]/comments/route";
import { peerHeaders } from "@/lib/api/client-ip";
import { beginOidcSignIn, findOrCreateOAuthUser } from "@/lib/services/auth/oauth-users";
import { SILENCE_UNTIL } from "@/lib/services/spam/silence";
import { call, makeCategory, makeUser, sessionCookie, type TestUser } from "../helpers";

let ip = 0;
const nextIp = () => peerHeaders(`192.0.2.${++ip}`);

type Credential = { token: string } | { cookie: string };
const auth = (c: Credential) => ("token" in c ? { token: c.token } : { headers: { cookie: c.cookie, origin: "http://localhost:3000" } });

async function somePost() {
  const author = await makeUser();
  const cat = await makeCategory();
  const [p] = await db
    .insert(posts)
    .values({ authorId: author.id, categoryId: cat.id, title: "Read while suspended", content: "x" })
    .returning();
  return p!;
}

/** Reads work, the two writes answer 403 `suspended`, signing out works. */
async function readOnly(c: Credential, postId: number) {
  const read = await call(me, "/api/users/me", auth(c));
  expect(read.status).toBe(200);
  const intro = await call(updateMe, "/api/users/me", { method: "PUT", ...auth(c), body: { introduction: "back" } });
  expect(intro.status).toBe(403);
  expect(intro.body.code).toBe("suspended");
  const comment = await call(postComment, `/api/posts/${postId}/comments`, {
    ...auth(c),
    params: { id: String(postId) },
    body: { content: "hi" },
  });
  expect(comment.status).toBe(403);
  expect(comment.body.code).toBe("suspended");
}

const suspend = (u: { id: number }, until: Date | ReturnType<typeof sql>) =>
  db.update(users).set({ suspendedUntil: until }).where(eq(users.id, u.id));

const oidcProfile = (email: string, subject: string) => ({
  provider: "oidc",
  issuer: "https://idp.example.test",
  subject,
  email,
  emailVerified: true,
  name: "",
  preferredUsername: "",
  image: "",
});

describe.each([
  ["suspended", () => sql`now() + interval '3 days'`],
  ["silenced", () => SILENCE_UNTIL],
] as const)("a %s member", (what, until) => {
  it("signs in with a password (POST /api/auth/login): the new token reads and cannot write", async () => {
    const u = await makeUser({ username: `sus_pw_${what}`, password: "right-password" });
    const post = await somePost();
    await suspend(u, until());
    const r = await call(login, "/api/auth/login", {
      method: "POST",
      headers: nextIp(),
      body: { username: u.username, password: "right-password" },
    });
    expect(r.status).toBe(200);
    await readOnly({ token: r.body.token }, post.id);
  });

  it("keeps a bearer token and a browser session made before: both read, neither writes, signing out works", async () => {
    const u = await makeUser({ username: `sus_old_${what}` });
    const { cookie } = await sessionCookie(u.id);
    const post = await somePost();
    // Before: the same writes work (so the checks below can fail).
    expect((await call(updateMe, "/api/users/me", { method: "PUT", token: u.token, body: { introduction: "hello" } })).status).toBe(200);
    await suspend(u, until());
    await readOnly({ token: u.token }, post.id);
    await readOnly({ cookie }, post.id);
    expect((await call(logout, "/api/auth/logout", { method: "POST", token: u.token })).status).toBeLessThan(300);
  });

  it("signs in through OpenID Connect, by an earlier link and by verified email: the session reads and cannot write", async () => {
    const u = await makeUser({ username: `sus_oidc_${what}` });
    const post = await somePost();
    const profile = oidcProfile(`sus_oidc_${what}@example.test`, `sub-${what}-${u.id}`);
    expect(await beginOidcSignIn(profile)).toEqual({ userId: u.id });
    await suspend(u, until());
    // By the link made above, then by email for a second member.
    expect(await beginOidcSignIn(profile)).toEqual({ userId: u.id });
    const v: TestUser = await makeUser({ username: `sus_oidc2_${what}` });
    await suspend(v, until());
    expect(await beginOidcSignIn(oidcProfile(`sus_oidc2_${what}@example.test`, `sub2-${what}-${v.id}`))).toEqual({ userId: v.id });
    // Auth.js then makes the usual server-side browser session.
    const { cookie } = await sessionCookie(u.id);
    await readOnly({ cookie }, post.id);
  });

  it("signs in through GitHub or Google (linked by email): the session reads and cannot write", async () => {
    const u = await makeUser({ username: `sus_gh_${what}` });
    const post = await somePost();
    await suspend(u, until());
    expect(await findOrCreateOAuthUser({ email: `sus_gh_${what}@example.test`, name: "x", image: "" })).toBe(u.id);
    const { cookie } = await sessionCookie(u.id);
    await readOnly({ cookie }, post.id);
  });
});

it("a suspension that ran out stops nothing", async () => {
  const u = await makeUser({ username: "sus_over" });
  await db
    .update(users)
    .set({ suspendedUntil: new Date(Date.now() - 1000) })
    .where(eq(users.id, u.id));
  expect((await call(updateMe, "/api/users/me", { method: "PUT", token: u.token, body: { introduction: "again" } })).status).toBe(200);
});
