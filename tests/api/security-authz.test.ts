// Authorization matrix: every post endpoint × caller (anonymous, user, author, moderator,
// admin) × visibility (ALL, ONLY_REGISTER, ONLY_ME), generated from ONE table of rules, plus the
// role-gated endpoints outside posts. A hidden post always answers 404 (never revealing it), a visible
// one the caller may not act on 403, no credentials 401.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db";
import { posts, postTags, type VisibleScope } from "@/db/schema";
import { GET as getPending } from "@/app/api/admin/posts/pending/route";
import { GET as getPendingCount } from "@/app/api/admin/posts/pending/count/route";
import { GET as getFlags } from "@/app/api/admin/flags/route";
import { GET as getConfig, PUT as putConfig } from "@/app/api/admin/config/route";
import { POST as createCategory } from "@/app/api/categories/route";
import { GET as getNotifications } from "@/app/api/notifications/route";
import { GET as getChangeLogs } from "@/app/api/posts/[id]/change-logs/route";
import { POST as closePost } from "@/app/api/posts/[id]/close/route";
import { GET as listComments, POST as addComment } from "@/app/api/posts/[id]/comments/route";
import { POST as featurePost } from "@/app/api/posts/[id]/feature/route";
import { POST as pinPost } from "@/app/api/posts/[id]/pin/route";
import { POST as react } from "@/app/api/posts/[id]/reactions/route";
import { DELETE as deletePost, GET as getPost, PUT as editPost } from "@/app/api/posts/[id]/route";
import { call, makeCategory, makeTag, makeUser, type TestUser } from "../helpers";

type Caller = "anonymous" | "user" | "author" | "moderator" | "admin";
type Outcome = "ok" | 401 | 403 | 404;
type Handler = Parameters<typeof call>[0];

const CALLERS: Caller[] = ["anonymous", "user", "author", "moderator", "admin"];
const SCOPES: VisibleScope[] = ["ALL", "ONLY_REGISTER", "ONLY_ME"];

/** Who may see a post of this scope (docs/api.md §3). */
function canSee(caller: Caller, scope: VisibleScope): boolean {
  if (caller === "author" || caller === "moderator" || caller === "admin") return true;
  if (scope === "ALL") return true;
  return scope === "ONLY_REGISTER" && caller === "user";
}

/** The one table: per endpoint, who may act on a post they can see ("read" = anyone who sees it). */
type Rule = {
  name: string;
  handler: Handler;
  method: string;
  path: (id: number) => string;
  body?: unknown;
  allowed: "read" | "signed-in" | "author+staff" | "staff";
};
const POST_RULES: Rule[] = [
  { name: "GET /api/posts/{id}", handler: getPost, method: "GET", path: (id) => `/api/posts/${id}`, allowed: "read" },
  {
    name: "GET /api/posts/{id}/comments",
    handler: listComments,
    method: "GET",
    path: (id) => `/api/posts/${id}/comments`,
    allowed: "read",
  },
  {
    name: "GET /api/posts/{id}/change-logs",
    handler: getChangeLogs,
    method: "GET",
    path: (id) => `/api/posts/${id}/change-logs`,
    allowed: "read",
  },
  {
    name: "POST /api/posts/{id}/comments",
    handler: addComment,
    method: "POST",
    path: (id) => `/api/posts/${id}/comments`,
    body: { content: "hello" },
    allowed: "signed-in",
  },
  {
    name: "POST /api/posts/{id}/reactions",
    handler: react,
    method: "POST",
    path: (id) => `/api/posts/${id}/reactions`,
    body: { type: "LIKE" },
    allowed: "signed-in",
  },
  {
    name: "PUT /api/posts/{id}",
    handler: editPost,
    method: "PUT",
    path: (id) => `/api/posts/${id}`,
    body: { title: "Edited title" },
    allowed: "author+staff",
  },
  {
    name: "POST /api/posts/{id}/close",
    handler: closePost,
    method: "POST",
    path: (id) => `/api/posts/${id}/close`,
    allowed: "author+staff",
  },
  { name: "DELETE /api/posts/{id}", handler: deletePost, method: "DELETE", path: (id) => `/api/posts/${id}`, allowed: "author+staff" },
  { name: "POST /api/posts/{id}/pin", handler: pinPost, method: "POST", path: (id) => `/api/posts/${id}/pin`, allowed: "staff" },
  {
    name: "POST /api/posts/{id}/feature",
    handler: featurePost,
    method: "POST",
    path: (id) => `/api/posts/${id}/feature`,
    allowed: "staff",
  },
];

function expected(rule: Rule, caller: Caller, scope: VisibleScope): Outcome {
  const writes = rule.method !== "GET";
  if (writes && caller === "anonymous") return 401;
  if (!canSee(caller, scope)) return 404;
  if (rule.allowed === "read" || rule.allowed === "signed-in") return "ok";
  if (rule.allowed === "author+staff") return caller === "user" ? 403 : "ok";
  return caller === "moderator" || caller === "admin" ? "ok" : 403;
}

/** Role-gated endpoints that are not about one post. */
const ROLE_RULES: {
  name: string;
  handler: Handler;
  method: string;
  path: string;
  body?: unknown;
  min: "signed-in" | "MODERATOR" | "ADMIN";
}[] = [
  { name: "GET /api/notifications", handler: getNotifications, method: "GET", path: "/api/notifications", min: "signed-in" },
  { name: "GET /api/admin/posts/pending", handler: getPending, method: "GET", path: "/api/admin/posts/pending", min: "MODERATOR" },
  {
    name: "GET /api/admin/posts/pending/count",
    handler: getPendingCount,
    method: "GET",
    path: "/api/admin/posts/pending/count",
    min: "MODERATOR",
  },
  { name: "GET /api/admin/flags", handler: getFlags, method: "GET", path: "/api/admin/flags", min: "MODERATOR" },
  { name: "GET /api/admin/config", handler: getConfig, method: "GET", path: "/api/admin/config", min: "ADMIN" },
  {
    name: "PUT /api/admin/config",
    handler: putConfig,
    method: "PUT",
    path: "/api/admin/config",
    body: { publishMode: "DIRECT" },
    min: "ADMIN",
  },
  {
    name: "POST /api/categories",
    handler: createCategory,
    method: "POST",
    path: "/api/categories",
    body: { name: "x", description: "d", icon: "", smallIcon: "" },
    min: "ADMIN",
  },
];

let users: Record<Exclude<Caller, "anonymous">, TestUser>;
let categoryId: number;
let tagId: number;

async function freshPost(scope: VisibleScope): Promise<number> {
  const [p] = await db
    .insert(posts)
    .values({ title: "matrix", content: "body", authorId: users.author.id, categoryId, visibleScope: scope })
    .returning({ id: posts.id });
  await db.insert(postTags).values({ postId: p!.id, tagId });
  return p!.id;
}

const tokenOf = (caller: Caller) => (caller === "anonymous" ? undefined : users[caller].token);
const outcomeOf = (status: number): Outcome | number => (status >= 200 && status < 300 ? "ok" : status);

beforeAll(async () => {
  users = {
    user: await makeUser(),
    author: await makeUser(),
    moderator: await makeUser({ role: "MODERATOR" }),
    admin: await makeUser({ role: "ADMIN" }),
  };
  categoryId = (await makeCategory()).id;
  tagId = (await makeTag()).id;
});

describe("authorization matrix: post endpoints × caller × visibility", () => {
  for (const rule of POST_RULES) {
    it(rule.name, async () => {
      const mismatches: string[] = [];
      for (const scope of SCOPES) {
        for (const caller of CALLERS) {
          // A fresh post per cell: writes (delete, close, pin) must not leak into the next cell.
          const id = await freshPost(scope);
          const res = await call(rule.handler, rule.path(id), {
            method: rule.method,
            token: tokenOf(caller),
            body: rule.body,
            params: { id: String(id) },
          });
          const want = expected(rule, caller, scope);
          if (outcomeOf(res.status) !== want) mismatches.push(`${scope} × ${caller}: got ${res.status}, want ${want}`);
          if (res.status === 404) expect(JSON.stringify(res.body)).not.toContain("matrix"); // nothing of the hidden post leaks
          if (want === 404 && rule.method !== "GET") {
            const [row] = await db.select().from(posts).where(eq(posts.id, id));
            expect(row?.title).toBe("matrix"); // a refused write changed nothing
          }
        }
      }
      expect(mismatches).toEqual([]);
    });
  }
});

describe("authorization matrix: role-gated endpoints × caller", () => {
  for (const rule of ROLE_RULES) {
    it(rule.name, async () => {
      const mismatches: string[] = [];
      for (const caller of CALLERS) {
        const res = await call(rule.handler, rule.path, { method: rule.method, token: tokenOf(caller), body: rule.body });
        const rank = { anonymous: -1, user: 0, author: 0, moderator: 1, admin: 2 }[caller];
        const need = { "signed-in": 0, MODERATOR: 1, ADMIN: 2 }[rule.min];
        const want: Outcome = caller === "anonymous" ? 401 : rank >= need ? "ok" : 403;
        if (outcomeOf(res.status) !== want) mismatches.push(`${caller}: got ${res.status}, want ${want}`);
      }
      expect(mismatches).toEqual([]);
    });
  }

  it("a bad bearer token is a 401 on every endpoint, public reads included", async () => {
    const id = await freshPost("ALL");
    for (const rule of POST_RULES) {
      const res = await call(rule.handler, rule.path(id), {
        method: rule.method,
        token: "fp_not-a-real-token",
        body: rule.body,
        params: { id: String(id) },
      });
      expect(res.status, rule.name).toBe(401);
    }
  });

  it("a read-scope token gets 403 on writes and 2xx on reads", async () => {
    const reader = await makeUser({ scopes: ["read"] });
    const id = await freshPost("ALL");
    for (const rule of POST_RULES) {
      const res = await call(rule.handler, rule.path(id), {
        method: rule.method,
        token: reader.token,
        body: rule.body,
        params: { id: String(id) },
      });
      expect(res.status, rule.name).toBe(rule.method === "GET" ? 200 : 403);
    }
  });
});
