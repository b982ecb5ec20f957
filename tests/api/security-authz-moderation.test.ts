// Authorization matrix, the moderation routes: flags, comment editing and its history, slow mode, and the
// admin user/audit endpoints, × caller (anonymous, member, author, moderator, admin) × the post's
// visibility. Same rules as security-authz.test.ts: a hidden target answers 404, a visible one the
// caller may not act on 403, no credentials 401, and a refused write leaves the data as it was.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db";
import { categories, comments, flags, posts, siteSettings, tags, users as usersTable, type VisibleScope } from "@/db/schema";
import { PUT as putConfig } from "@/app/api/admin/config/route";
import { DELETE as deleteCategory } from "@/app/api/categories/[id]/route";
import { PUT as reorderCategories } from "@/app/api/categories/order/route";
import { POST as mergeTag } from "@/app/api/tags/[id]/merge/route";
import { POST as resolveFlag } from "@/app/api/admin/flags/[id]/resolve/route";
import { GET as auditLog } from "@/app/api/admin/audit-log/route";
import { PUT as setRole } from "@/app/api/admin/users/[id]/role/route";
import { POST as suspend } from "@/app/api/admin/users/[id]/suspend/route";
import { POST as unsuspend } from "@/app/api/admin/users/[id]/unsuspend/route";
import { GET as commentLogs } from "@/app/api/comments/[id]/change-logs/route";
import { PUT as editComment } from "@/app/api/comments/[id]/route";
import { POST as flag } from "@/app/api/flags/route";
import { PUT as slowMode } from "@/app/api/posts/[id]/slow-mode/route";
import { call, makeCategory, makeTag, makeUser, type TestUser } from "../helpers";

type Caller = "anonymous" | "user" | "author" | "moderator" | "admin";
type Outcome = "ok" | 401 | 403 | 404;
type Handler = Parameters<typeof call>[0];

const CALLERS: Caller[] = ["anonymous", "user", "author", "moderator", "admin"];
const SCOPES: VisibleScope[] = ["ALL", "ONLY_REGISTER", "ONLY_ME"];
const STAFF = new Set<Caller>(["moderator", "admin"]);

function canSee(caller: Caller, scope: VisibleScope): boolean {
  if (caller === "author" || STAFF.has(caller)) return true;
  if (scope === "ALL") return true;
  return scope === "ONLY_REGISTER" && caller === "user";
}

let u: Record<Exclude<Caller, "anonymous">, TestUser>;
let categoryId: number;

/** A post of `author` in this scope, with one comment of `author`. */
async function target(scope: VisibleScope) {
  const [p] = await db
    .insert(posts)
    .values({ title: "matrix", content: "body", authorId: u.author.id, categoryId, visibleScope: scope })
    .returning({ id: posts.id });
  const [c] = await db
    .insert(comments)
    .values({ postId: p!.id, authorId: u.author.id, content: "matrix comment" })
    .returning({ id: comments.id });
  return { postId: p!.id, commentId: c!.id };
}

const tokenOf = (caller: Caller) => (caller === "anonymous" ? undefined : u[caller].token);
const outcomeOf = (status: number): Outcome | number => (status >= 200 && status < 300 ? "ok" : status);

type Rule = {
  name: string;
  handler: Handler;
  method: string;
  /** The path and route params for this cell's target. */
  at: (t: { postId: number; commentId: number }) => { path: string; id: number };
  body?: (t: { postId: number; commentId: number }) => unknown;
  /** Who may act on a target they can see. */
  allowed: "read" | "not-author" | "author+staff" | "staff";
  /** Role-gated in the route: refused (403) before the target is looked at. */
  roleFirst?: boolean;
};

const RULES: Rule[] = [
  {
    name: "POST /api/flags (a post)",
    handler: flag,
    method: "POST",
    at: () => ({ path: "/api/flags", id: 0 }),
    body: (t) => ({ postId: t.postId, reason: "SPAM" }),
    allowed: "not-author",
  },
  {
    name: "POST /api/flags (a comment)",
    handler: flag,
    method: "POST",
    at: () => ({ path: "/api/flags", id: 0 }),
    body: (t) => ({ commentId: t.commentId, reason: "OFF_TOPIC", note: "matrix" }),
    allowed: "not-author",
  },
  {
    name: "PUT /api/comments/{id}",
    handler: editComment,
    method: "PUT",
    at: (t) => ({ path: `/api/comments/${t.commentId}`, id: t.commentId }),
    body: () => ({ content: "edited by the matrix" }),
    allowed: "author+staff",
  },
  {
    name: "GET /api/comments/{id}/change-logs",
    handler: commentLogs,
    method: "GET",
    at: (t) => ({ path: `/api/comments/${t.commentId}/change-logs`, id: t.commentId }),
    allowed: "read",
  },
  {
    name: "PUT /api/posts/{id}/slow-mode",
    handler: slowMode,
    method: "PUT",
    at: (t) => ({ path: `/api/posts/${t.postId}/slow-mode`, id: t.postId }),
    body: () => ({ seconds: 30 }),
    allowed: "staff",
    roleFirst: true,
  },
];

function expected(rule: Rule, caller: Caller, scope: VisibleScope): Outcome {
  if (rule.method !== "GET" && caller === "anonymous") return 401;
  if (rule.roleFirst && !STAFF.has(caller)) return 403;
  if (!canSee(caller, scope)) return 404;
  switch (rule.allowed) {
    case "read":
      return "ok";
    case "not-author":
      return caller === "author" ? 403 : "ok";
    case "author+staff":
      return caller === "user" ? 403 : "ok";
    case "staff":
      return STAFF.has(caller) ? "ok" : 403;
  }
}

beforeAll(async () => {
  u = {
    user: await makeUser(),
    author: await makeUser(),
    moderator: await makeUser({ role: "MODERATOR" }),
    admin: await makeUser({ role: "ADMIN" }),
  };
  categoryId = (await makeCategory()).id;
  // The matrix's members flag the author's posts as spam in turn; a new member (level 0) would be
  // silenced by three of them (lib/services/spam/silence.ts), so the author is past level 0.
  await db.update(usersTable).set({ experience: 100 }).where(eq(usersTable.id, u.author.id));
});

describe("authorization matrix: flags, comment edits, slow mode × caller × visibility", () => {
  for (const rule of RULES) {
    it(rule.name, async () => {
      const mismatches: string[] = [];
      for (const scope of SCOPES) {
        for (const caller of CALLERS) {
          const t = await target(scope);
          const { path, id } = rule.at(t);
          const res = await call(rule.handler, path, {
            method: rule.method,
            token: tokenOf(caller),
            body: rule.body?.(t),
            params: { id: String(id) },
          });
          const want = expected(rule, caller, scope);
          if (outcomeOf(res.status) !== want) mismatches.push(`${scope} × ${caller}: got ${res.status}, want ${want}`);
          if (res.status === 404) expect(JSON.stringify(res.body)).not.toContain("matrix");
          if (want !== "ok") {
            // A refused write changed nothing.
            const [c] = await db.select({ content: comments.content }).from(comments).where(eq(comments.id, t.commentId));
            const [p] = await db.select({ slow: posts.slowModeSeconds }).from(posts).where(eq(posts.id, t.postId));
            expect(c!.content).toBe("matrix comment");
            expect(p!.slow).toBe(0);
            expect(await db.select().from(flags).where(eq(flags.postId, t.postId))).toEqual([]);
          }
        }
      }
      expect(mismatches).toEqual([]);
    });
  }
});

describe("authorization matrix: admin and moderator endpoints × caller", () => {
  const rank = { anonymous: -1, user: 0, author: 0, moderator: 1, admin: 2 } as const;
  const future = () => new Date(Date.now() + 86_400_000).toISOString();
  const ROLE_RULES: {
    name: string;
    min: "MODERATOR" | "ADMIN";
    run: (token: string | undefined) => Promise<{ status: number; check?: () => Promise<void> }>;
  }[] = [
    { name: "GET /api/admin/audit-log", min: "ADMIN", run: async (token) => call(auditLog, "/api/admin/audit-log", { token }) },
    {
      name: "POST /api/admin/users/{id}/suspend",
      min: "MODERATOR", // moderators suspend members
      run: async (token) => {
        const m = await makeUser();
        const r = await call(suspend, `/api/admin/users/${m.id}/suspend`, {
          method: "POST",
          token,
          params: { id: String(m.id) },
          body: { until: future(), reason: "matrix" },
        });
        const [row] = await db.select({ until: usersTable.suspendedUntil }).from(usersTable).where(eq(usersTable.id, m.id));
        return { status: r.status, check: async () => expect(row!.until).toBeNull() };
      },
    },
    {
      name: "POST /api/admin/users/{id}/unsuspend",
      min: "MODERATOR", // moderators suspend members
      run: async (token) => {
        const m = await makeUser();
        await db
          .update(usersTable)
          .set({ suspendedUntil: new Date(Date.now() + 86_400_000), suspendedReason: "matrix" })
          .where(eq(usersTable.id, m.id));
        const r = await call(unsuspend, `/api/admin/users/${m.id}/unsuspend`, { method: "POST", token, params: { id: String(m.id) } });
        const [row] = await db.select({ until: usersTable.suspendedUntil }).from(usersTable).where(eq(usersTable.id, m.id));
        return { status: r.status, check: async () => expect(row!.until).not.toBeNull() };
      },
    },
    {
      name: "PUT /api/admin/users/{id}/role",
      min: "ADMIN",
      run: async (token) => {
        const m = await makeUser();
        const r = await call(setRole, `/api/admin/users/${m.id}/role`, {
          method: "PUT",
          token,
          params: { id: String(m.id) },
          body: { role: "MODERATOR" },
        });
        const [row] = await db.select({ role: usersTable.role }).from(usersTable).where(eq(usersTable.id, m.id));
        return { status: r.status, check: async () => expect(row!.role).toBe("USER") };
      },
    },
    {
      name: "POST /api/admin/flags/{id}/resolve",
      min: "MODERATOR",
      run: async (token) => {
        const t = await target("ALL");
        const [f] = await db.insert(flags).values({ postId: t.postId, reporterId: u.user.id, reason: "SPAM" }).returning({ id: flags.id });
        const r = await call(resolveFlag, `/api/admin/flags/${f!.id}/resolve`, {
          method: "POST",
          token,
          params: { id: String(f!.id) },
          body: { action: "DISMISS" },
        });
        const [row] = await db.select({ resolvedAt: flags.resolvedAt }).from(flags).where(eq(flags.id, f!.id));
        return { status: r.status, check: async () => expect(row!.resolvedAt).toBeNull() };
      },
    },
    {
      name: "PUT /api/categories/order",
      min: "ADMIN",
      run: async (token) => {
        const ids = (await db.select({ id: categories.id }).from(categories).orderBy(categories.id)).map((c) => c.id).reverse();
        const r = await call(reorderCategories, "/api/categories/order", { method: "PUT", token, body: { ids } });
        const placed = await db.select({ p: categories.position }).from(categories);
        const check = async () => expect(placed.every((c) => c.p === 0)).toBe(true);
        if (r.status === 200)
          await db
            .update(categories)
            .set({ position: 0 })
            .where(sql`true`);
        return { status: r.status, check };
      },
    },
    {
      name: "DELETE /api/categories/{id}?moveTo=",
      min: "ADMIN",
      run: async (token) => {
        const doomed = await makeCategory();
        await db.insert(posts).values({ title: "matrix", content: "body", authorId: u.author.id, categoryId: doomed.id });
        const r = await call(deleteCategory, `/api/categories/${doomed.id}?moveTo=${categoryId}`, {
          method: "DELETE",
          token,
          params: { id: String(doomed.id) },
        });
        const left = await db.select().from(categories).where(eq(categories.id, doomed.id));
        return { status: r.status, check: async () => expect(left).toHaveLength(1) };
      },
    },
    {
      name: "POST /api/tags/{id}/merge",
      min: "MODERATOR",
      run: async (token) => {
        const [from, into] = [await makeTag(), await makeTag()];
        const r = await call(mergeTag, `/api/tags/${from.id}/merge`, {
          method: "POST",
          token,
          params: { id: String(from.id) },
          body: { intoId: into.id },
        });
        const left = await db.select().from(tags).where(eq(tags.id, from.id));
        return { status: r.status, check: async () => expect(left).toHaveLength(1) };
      },
    },
    {
      name: "PUT /api/admin/config (registration, flag threshold)",
      min: "ADMIN",
      run: async (token) => {
        const r = await call(putConfig, "/api/admin/config", {
          method: "PUT",
          token,
          body: { registrationMode: "CLOSED", flagHideThreshold: 7 },
        });
        const [row] = await db.select().from(siteSettings);
        const check = async () => expect(row?.registrationMode ?? "OPEN").toBe("OPEN");
        if (r.status === 200)
          await db.update(siteSettings).set({ registrationMode: "OPEN", flagHideThreshold: 3 }).where(eq(siteSettings.id, 1));
        return { status: r.status, check };
      },
    },
  ];
  for (const rule of ROLE_RULES) {
    it(rule.name, async () => {
      const mismatches: string[] = [];
      for (const caller of CALLERS) {
        const { status, check } = await rule.run(tokenOf(caller));
        const want: Outcome = caller === "anonymous" ? 401 : rank[caller] >= { MODERATOR: 1, ADMIN: 2 }[rule.min] ? "ok" : 403;
        if (outcomeOf(status) !== want) mismatches.push(`${caller}: got ${status}, want ${want}`);
        if (want !== "ok") await check?.();
      }
      expect(mismatches).toEqual([]);
    });
  }
});
