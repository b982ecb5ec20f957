import { randomBytes } from "node:crypto";
import { db } from "@/db";
import { categories, comments, posts, tags, users, type TokenScope, type UserRole } from "@/db/schema";
import { writeTestRateLimits } from "@/lib/services/moderation/site-settings";
import type { RateLimitsInput } from "@/lib/validation/rate-limits";
import { hashPassword } from "@/lib/services/shared/passwords";
import { issueToken } from "@/lib/services/auth/tokens";
import type { Viewer } from "@/lib/viewer";

export const BASE = "http://localhost:3000";

export type TestUser = { id: number; username: string; role: UserRole; token: string };

/** Inserts a user directly and issues a bearer token for it. */
export async function makeUser(
  opts: { username?: string; role?: UserRole; point?: number; scopes?: TokenScope[]; password?: string } = {},
): Promise<TestUser> {
  const username = opts.username ?? `u_${randomBytes(4).toString("hex")}`;
  const [u] = await db
    .insert(users)
    .values({
      username,
      email: `${username.toLowerCase()}@example.test`,
      passwordHash: await hashPassword(opts.password ?? "demo-password"),
      role: opts.role ?? "USER",
      point: 0,
    })
    .returning();
  const { token } = await issueToken(db, { userId: u!.id, name: "test", scopes: opts.scopes ?? ["read", "write"], expiresAt: null });
  if (opts.point) {
    const { applyPoints } = await import("@/lib/services/points/points");
    await applyPoints(db, { userId: u!.id, type: "ADMIN_GRANT", amount: opts.point });
  }
  return { id: u!.id, username, role: u!.role, token };
}

/** A browser session cookie as Auth.js would set it after a sign-in (a live server-side session). */
export async function sessionCookie(uid: number, opts: { userAgent?: string } = {}): Promise<{ cookie: string; sessionId: number }> {
  const { encode } = await import("next-auth/jwt");
  const { createBrowserSession } = await import("@/lib/services/auth/sessions");
  const s = await createBrowserSession({ userId: uid, userAgent: opts.userAgent ?? "test-browser" });
  const salt = "authjs.session-token";
  const value = await encode({ token: { uid, sid: s.secret }, secret: process.env.AUTH_SECRET!, salt });
  return { cookie: `${salt}=${value}`, sessionId: s.id };
}

export async function makeCategory(name = `cat-${randomBytes(3).toString("hex")}`) {
  const [c] = await db
    .insert(categories)
    .values({ name, description: `${name} talk`, icon: "💬", smallIcon: "💬" })
    .returning();
  return c!;
}

/** A published post written straight into the database, in a category of its own. */
export async function insertPost(authorId: number, title: string, content = "some words about gardening") {
  const cat = await makeCategory();
  const [p] = await db.insert(posts).values({ authorId, categoryId: cat.id, title, content }).returning();
  return p!;
}

/** A comment written straight into the database. */
export async function insertComment(authorId: number, postId: number, content: string) {
  const [c] = await db.insert(comments).values({ authorId, postId, content }).returning();
  return c!;
}

export async function makeTag(name = `tag-${randomBytes(3).toString("hex")}`) {
  const [t] = await db
    .insert(tags)
    .values({ name, description: `${name} things` })
    .returning();
  return t!;
}

type CallOptions = { method?: string; token?: string; body?: unknown; headers?: Record<string, string>; rawBody?: BodyInit };

/** Builds a Request as a client would send it. */
export function req(pathAndQuery: string, o: CallOptions = {}): Request {
  const headers = new Headers(o.headers);
  if (o.token) headers.set("authorization", `Bearer ${o.token}`);
  let body: BodyInit | undefined = o.rawBody;
  if (o.body !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(o.body);
  }
  return new Request(BASE + pathAndQuery, { method: o.method ?? (body ? "POST" : "GET"), headers, body });
}

/**
 * Any route handler: ours take (Request, { params }) with their own params type, Auth.js's a NextRequest.
 * `never` parameters accept every one of them; call() invokes it the one way they all accept.
 */
export type Handler = (req: never, ctx: never) => Response | Promise<Response>;
type Invocable = (req: Request, ctx: { params: Promise<unknown> }) => Response | Promise<Response>;

/** A test member as the services see a caller signed in with their token. */
export function asViewer(u: TestUser): Viewer {
  return { id: u.id, role: u.role, username: u.username, scopes: [], via: "token" };
}

/** Calls a route handler in-process and returns status, headers and the parsed JSON body. */
export async function call<T = any>(
  handler: Handler,
  pathAndQuery: string,
  o: CallOptions & { params?: Record<string, string | string[]> } = {},
) {
  const res = await (handler as unknown as Invocable)(req(pathAndQuery, o), { params: Promise.resolve(o.params ?? {}) });
  const text = await res.text();
  let body: any = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { status: res.status, headers: res.headers, body: body as T, text };
}

/**
 * Sets some of the site's rate limits (site settings, /admin/settings) in this file's database, e.g.
 * `setRateLimits({ login: { limit: 3 } })`; `setRateLimits(RATE_LIMIT_DEFAULTS)` puts the defaults back.
 */
export async function setRateLimits(input: RateLimitsInput): Promise<void> {
  await writeTestRateLimits(input);
}
