// the second outside probe. One describe per finding (1, 2, 7, 9, 10); sessions (4, 5) are in
// security-sessions.test.ts, login timing (6) in security-login-timing.test.ts, images (3, 9's PNG) in
// security-images.test.ts, the CSP (8) in security-input.test.ts. Each test failed on the code before.

import http from "node:http";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db";
import { notifications, pointHistories, postViews, rateLimits } from "@/db/schema";
import { POST as createGood } from "@/app/api/admin/point-goods/route";
import { GET as notFoundApi } from "@/app/api/[...slug]/route";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as register } from "@/app/api/auth/register/route";
import { POST as join } from "@/app/api/posts/[id]/lottery/join/route";
import { POST as addComment } from "@/app/api/posts/[id]/comments/route";
import { GET as getPost, PUT as editPost } from "@/app/api/posts/[id]/route";
import { POST as createPost } from "@/app/api/posts/route";
import { GET as ledger } from "@/app/api/point-histories/route";
import nextConfig from "@/next.config.base";
import { peerHeaders } from "@/lib/api/client-ip";
import { API_POLICY, IMAGE_POLICY, pagePolicy, scriptHash } from "@/lib/api/csp";
import { hashPageScripts } from "@/lib/front/csp";
import { jsonMethodNotAllowed } from "@/lib/front/odd-methods";
import { renderMarkdown } from "@/lib/markdown";
import { errorSchema } from "@/lib/validation/responses";
import { makeLotteryPost, makePost } from "./economy-helpers";
import { call, makeCategory, makeTag, makeUser, setRateLimits } from "../helpers";

// Rate limits for this file (site settings, in its own database).
beforeAll(() => setRateLimits({ login: { limit: 10 }, register: { limit: 3 } }));

const byId = (id: number, token?: string, headers?: Record<string, string>) =>
  call(getPost, `/api/posts/${id}`, { token, headers, params: { id: String(id) } });

describe("finding 1: the points ledger shows only titles the caller may see now", () => {
  it("a comment's ledger row loses the title (and the comment text) when the post becomes ONLY_ME", async () => {
    const alice = await makeUser();
    const bob = await makeUser();
    const post = await makePost(alice.id);
    const c = await call(addComment, `/api/posts/${post.id}/comments`, {
      token: bob.token,
      params: { id: String(post.id) },
      body: { content: "nice one" },
    });
    expect(c.status).toBe(201);
    const before = await call(ledger, "/api/point-histories", { token: bob.token });
    expect(before.body.find((r: { postId: number }) => r.postId === post.id)?.postTitle).toBe(post.title);
    const edit = await call(editPost, `/api/posts/${post.id}`, {
      method: "PUT",
      token: alice.token,
      params: { id: String(post.id) },
      body: { title: "NEW-SECRET-TITLE", visibleScope: "ONLY_ME" },
    });
    expect(edit.status).toBe(200);
    expect((await byId(post.id, bob.token)).status).toBe(404);
    const after = await call(ledger, "/api/point-histories", { token: bob.token });
    expect(after.status).toBe(200);
    expect(after.text).not.toContain("NEW-SECRET-TITLE");
    expect(after.text).not.toContain("nice one");
    const row = after.body.find((r: { postId: number }) => r.postId === post.id);
    expect(row).toMatchObject({ type: "COMMENT", postTitle: null, commentContent: null });
    // The author still sees their own post's title in their ledger.
    const own = await call(ledger, "/api/point-histories", { token: alice.token });
    expect(own.body.find((r: { postId: number }) => r.postId === post.id)?.postTitle).toBe("NEW-SECRET-TITLE");
  });

  it("a lottery join's ledger row loses the title when the lottery post is hidden later", async () => {
    const alice = await makeUser();
    const bob = await makeUser({ point: 100 });
    const post = await makeLotteryPost(alice.id, { pointCost: 5 });
    expect(
      (await call(join, `/api/posts/${post.id}/lottery/join`, { method: "POST", token: bob.token, params: { id: String(post.id) } }))
        .status,
    ).toBe(200);
    await call(editPost, `/api/posts/${post.id}`, {
      method: "PUT",
      token: alice.token,
      params: { id: String(post.id) },
      body: { title: "HIDDEN-LOTTERY", visibleScope: "ONLY_ME" },
    });
    const rows = await db
      .select()
      .from(pointHistories)
      .where(and(eq(pointHistories.userId, bob.id), eq(pointHistories.postId, post.id)));
    expect(rows.map((r) => r.type)).toEqual(["LOTTERY_JOIN"]);
    const after = await call(ledger, "/api/point-histories", { token: bob.token });
    expect(after.text).not.toContain("HIDDEN-LOTTERY");
    expect(after.body.find((r: { type: string }) => r.type === "LOTTERY_JOIN")?.postTitle).toBeNull();
  });
});

describe("finding 2: rate limits key on the client address and the account, not on what the client says", () => {
  const attempt = (identifier: { username?: string; email?: string }, password: string, headers: Record<string, string>) =>
    call(login, "/api/auth/login", { method: "POST", headers, body: { ...identifier, password } });

  it("a rotating X-Forwarded-For from an untrusted peer does not escape the per-address limit", async () => {
    for (let i = 0; i < 10; i++) {
      const r = await attempt({ username: `ghost${i}` }, "wrong-password", peerHeaders("203.0.113.77", `10.1.${i}.${i}`));
      expect(r.status).toBe(401);
    }
    for (let i = 10; i < 15; i++) {
      const r = await attempt({ username: `ghost${i}` }, "wrong-password", peerHeaders("203.0.113.77", `10.1.${i}.${i}`));
      expect(r.status).toBe(429);
    }
  });

  it("behind a trusted proxy, the right-most untrusted X-Forwarded-For entry is the client", async () => {
    process.env.TRUSTED_PROXIES = "192.0.2.0/24, ::1";
    try {
      for (let i = 0; i < 10; i++)
        expect((await attempt({ username: `p${i}` }, "wrong-password", peerHeaders("192.0.2.10", `1.1.1.1, 198.51.100.${i}`))).status).toBe(
          401,
        );
      // Each forwarded client has its own bucket; the spoofed left-most entry is ignored.
      const rows = await db.select().from(rateLimits);
      expect(rows.filter((r) => r.key.startsWith("login:ip:198.51.100.")).length).toBe(10);
      expect(rows.some((r) => r.key === "login:ip:1.1.1.1" || r.key === "login:ip:192.0.2.10")).toBe(false);
    } finally {
      delete process.env.TRUSTED_PROXIES;
    }
  });

  it("username and email share one failure counter per account (10 guesses, not 20)", async () => {
    const u = await makeUser({ password: "right-password" });
    const email = `${u.username.toLowerCase()}@example.test`;
    for (let i = 0; i < 10; i++) {
      const by = i % 2 ? { username: u.username.toUpperCase() } : { email };
      expect((await attempt(by, "wrong-password", peerHeaders(`198.18.5.${i}`))).status).toBe(401);
    }
    const blocked = await attempt({ email }, "right-password", peerHeaders("198.18.5.200"));
    expect(blocked.status).toBe(429);
    expect(errorSchema.parse(blocked.body).code).toBe("rate_limited");
    expect((await attempt({ username: u.username }, "right-password", peerHeaders("198.18.5.201"))).status).toBe(429);
  });

  it("registration with a rotating X-Forwarded-For is limited per real address", async () => {
    const reg = (i: number) =>
      call(register, "/api/auth/register", {
        method: "POST",
        headers: peerHeaders("203.0.113.99", `172.16.0.${i}`),
        body: { username: `rot${i}x`, email: `rot${i}x@example.test`, password: "password-1" },
      });
    for (let i = 0; i < 3; i++) expect((await reg(i)).status).toBe(201);
    expect((await reg(3)).status).toBe(429);
  });
});

describe("finding 7: markdown images cannot point outside /uploads/", () => {
  it.each([
    "/uploads/../api/posts/94",
    "/uploads/..%2fapi/posts/94",
    "/uploads/%2e%2e/api/posts/94",
    "/uploads/..\\api\\posts\\94",
    "/uploads/./../api/users/me",
    "http://localhost:3000/uploads/../api/posts/94",
    "http://localhost:3000/api/posts/94",
    "/api/posts/94",
  ])("![](%s) renders no image", async (src) => {
    const html = await renderMarkdown(`look ![x](${src}) here`);
    expect(html).not.toContain("<img");
  });

  it("a real upload path and an external https image still render", async () => {
    const key = `ab/ab${"0".repeat(62)}.webp`;
    expect(await renderMarkdown(`![a](/uploads/${key})`)).toContain(`<img src="/uploads/${key}"`);
    expect(await renderMarkdown(`![a](http://localhost:3000/uploads/${key})`)).toContain("<img");
    expect(await renderMarkdown("![a](https://images.example.org/cat.png)")).toContain('<img src="https://images.example.org/cat.png"');
  });

  it("an API GET fetched as an image (Sec-Fetch-Dest: image) counts no view and sends no POST_VIEWED", async () => {
    const author = await makeUser();
    const reader = await makeUser();
    const post = await makePost(author.id);
    const r = await byId(post.id, reader.token, { "sec-fetch-dest": "image" });
    expect(r.status).toBe(200);
    expect(await db.select().from(postViews).where(eq(postViews.postId, post.id))).toHaveLength(0);
    const viewed = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.postId, post.id), eq(notifications.type, "POST_VIEWED")));
    expect(viewed).toHaveLength(0);
  });
});

describe("finding 9: error gaps", () => {
  it("an unknown /api path answers the JSON 404 error body, for every method", async () => {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
      const r = await call(notFoundApi, "/api/no-such-thing/42", { method, params: { slug: ["no-such-thing", "42"] } });
      expect(r.status).toBe(404);
      expect(r.headers.get("content-type")).toContain("application/json");
      expect(errorSchema.parse(r.body).code).toBe("not_found");
    }
  });

  it("optional request fields accept null as absent (lottery.prizeIcon, a good's image)", async () => {
    const admin = await makeUser({ role: "ADMIN" });
    const good = await call(createGood, "/api/admin/point-goods", {
      token: admin.token,
      body: { name: "Tea", cost: 5, image: null, description: null },
    });
    expect(good.status).toBe(201);
    expect(good.body).toMatchObject({ image: "", description: "" });
    const author = await makeUser();
    const cat = await makeCategory();
    const tag = await makeTag();
    const lottery = await call(createPost, "/api/posts", {
      token: author.token,
      body: {
        title: "Lottery with nulls",
        content: "win",
        categoryId: cat.id,
        tagIds: [tag.id],
        type: "LOTTERY",
        visibleScope: null,
        lottery: {
          prizeDescription: "A mug",
          prizeIcon: null,
          prizeCount: 1,
          pointCost: 0,
          startTime: null,
          endTime: new Date(Date.now() + 3600_000).toISOString(),
        },
      },
    });
    expect(lottery.status).toBe(201);
    expect(lottery.body.lottery.prizeIcon).toBe("");
    // null for a required field is still a 400 with the field named.
    const bad = await call(createPost, "/api/posts", {
      token: author.token,
      body: { title: null, content: "x", categoryId: cat.id, tagIds: [tag.id] },
    });
    expect(bad.status).toBe(400);
    expect(errorSchema.parse(bad.body).field).toBe("title");
  });
});

describe("finding 10: mentions, view counts and ids", () => {
  it("a mention in an ONLY_ME post notifies nobody; making a post ONLY_ME withdraws its mentions", async () => {
    const alice = await makeUser();
    const bob = await makeUser();
    const cat = await makeCategory();
    const tag = await makeTag();
    const base = { content: `hi @${bob.username}`, categoryId: cat.id, tagIds: [tag.id] };
    const hidden = await call(createPost, "/api/posts", {
      token: alice.token,
      body: { ...base, title: "private", visibleScope: "ONLY_ME" },
    });
    expect(hidden.status).toBe(201);
    const mentions = () =>
      db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, bob.id), eq(notifications.type, "MENTION")));
    expect(await mentions()).toHaveLength(0);
    const open = await call(createPost, "/api/posts", { token: alice.token, body: { ...base, title: "public" } });
    expect(open.status).toBe(201);
    expect((await mentions()).map((n) => n.postId)).toEqual([open.body.id]);
    await call(editPost, `/api/posts/${open.body.id}`, {
      method: "PUT",
      token: alice.token,
      params: { id: String(open.body.id) },
      body: { visibleScope: "ONLY_ME" },
    });
    expect(await mentions()).toHaveLength(0);
  });

  it("an anonymous reader changing the User-Agent is still one view", async () => {
    const author = await makeUser();
    const post = await makePost(author.id);
    for (const ua of ["A", "B", "C", "D"]) {
      expect((await byId(post.id, undefined, { "user-agent": ua, ...peerHeaders("203.0.113.50") })).status).toBe(200);
    }
    expect((await byId(post.id)).body.views).toBe(2);
  });

  it.each(["092", "00092", "+92", "9e1", " 92"])("post id %j is a 400, not another post", async (raw) => {
    const r = await call(getPost, `/api/posts/${encodeURIComponent(raw)}`, { params: { id: raw } });
    expect(r.status).toBe(400);
    expect(errorSchema.parse(r.body).code).toBe("validation_failed");
  });
});

describe("finding 8: Content-Security-Policy", () => {
  const PATHS: [string, "page" | "api" | "image"][] = [
    ["/", "page"],
    ["/posts/12", "page"],
    ["/api-docs", "page"],
    ["/settings/sessions", "page"],
    ["/api/posts", "api"],
    ["/api/users/me", "api"],
    ["/api/avatars/alice", "image"],
    ["/uploads/ab/abc.png", "image"],
  ];

  it("one CSP rule per path in next.config.ts: pages without 'unsafe-inline' scripts, uploads and avatars keep their own", async () => {
    const { getPathMatch } = await import("next/dist/shared/lib/router/utils/path-match");
    const rules = await nextConfig.headers!();
    const cspRules = rules.filter((r) => r.headers.some((h) => h.key.toLowerCase() === "content-security-policy"));
    for (const [path, kind] of PATHS) {
      const matching = cspRules.filter((r) => getPathMatch(r.source, { strict: true })(path) !== false);
      expect(
        matching.map((r) => r.source),
        path,
      ).toHaveLength(1);
      const value = matching[0]!.headers.find((h) => h.key.toLowerCase() === "content-security-policy")!.value;
      expect(value, path).toBe(kind === "page" ? pagePolicy() : kind === "api" ? API_POLICY : IMAGE_POLICY);
    }
    const script = pagePolicy()
      .split("; ")
      .find((d) => d.startsWith("script-src"))!;
    expect(script).toBe("script-src 'self'");
    expect(IMAGE_POLICY).toMatch(/default-src 'none'.*sandbox/);
  });

  it("an HTML page is sent with the hashes of exactly its inline scripts, compressed or not", async () => {
    const compression = (await import("next/dist/compiled/compression" as string)).default as () => (
      req: unknown,
      res: unknown,
      next: () => void,
    ) => void;
    const inline = [
      "(function(){document.documentElement.dataset.t='1'})()",
      "(self.__next_f=self.__next_f||[]).push([0])",
      'self.__next_f.push([1,"payload \\u003c/b>"])',
    ];
    const html = `<!DOCTYPE html><html><head><script>${inline[0]}</script><script src="/_next/static/chunks/a.js" async></script></head><body><p>${"x".repeat(5000)}</p><script>${inline[1]}</script><script>${inline[2]}</script></body></html>`;
    const compress = compression();
    const server = http.createServer((req, res) => {
      hashPageScripts(req, res);
      compress(req, res, () => {
        res.setHeader("content-type", "text/html; charset=utf-8");
        res.setHeader("content-security-policy", pagePolicy());
        res.flushHeaders();
        const half = Math.floor(html.length / 2);
        res.write(html.slice(0, half));
        setTimeout(() => res.end(html.slice(half)), 10);
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
    try {
      for (const encoding of ["gzip", "identity"]) {
        const res = await fetch(url, { headers: { "accept-encoding": encoding } });
        const text = await res.text();
        expect(text).toBe(html);
        const csp = res.headers.get("content-security-policy")!;
        const script = csp.split("; ").find((d) => d.startsWith("script-src"))!;
        expect(script).toBe(["script-src 'self'", ...inline.map(scriptHash)].join(" "));
        expect(script).not.toContain("unsafe-inline");
      }
    } finally {
      server.close();
    }
  });

  it("JSON and other answers pass through the page hook untouched", async () => {
    const server = http.createServer((req, res) => {
      hashPageScripts(req, res);
      res.setHeader("content-type", "application/json");
      res.flushHeaders();
      res.write('{"a":');
      res.end("1}");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as { port: number }).port}/x`);
      expect(await res.json()).toEqual({ a: 1 });
      expect(res.headers.get("content-security-policy")).toBeNull();
    } finally {
      server.close();
    }
  });
});

describe("finding 9: a method a route does not export answers 405 with the JSON error body", () => {
  it("Next's empty 405 (headers flushed, no body) gets {error, code} as JSON", async () => {
    const server = http.createServer((req, res) => {
      jsonMethodNotAllowed(req, res);
      res.statusCode = 405;
      res.flushHeaders();
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as { port: number }).port}/api/posts`, { method: "PATCH" });
      expect(res.status).toBe(405);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(errorSchema.parse(await res.json()).code).toBe("method_not_allowed");
    } finally {
      server.close();
    }
  });
});
