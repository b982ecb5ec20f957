// the third outside probe. Findings 1 (verify) in mail-auth.test.ts, 3 (hidden comments) in
// security-hidden-comments.test.ts, 2 and 6 (hostile markdown and diffs) in tests/unit and
// bench/hostile.ts, 4 (open redirect) in tests/e2e/login-redirect.spec.ts; the rest here.
import http from "node:http";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { GET as authGet, POST as authPost } from "@/app/api/auth/[...nextauth]/route";
import { POST as createCategory } from "@/app/api/categories/route";
import { PUT as updateCategory } from "@/app/api/categories/[id]/route";
import { POST as createGood } from "@/app/api/admin/point-goods/route";
import { POST as addComment } from "@/app/api/posts/[id]/comments/route";
import { POST as login } from "@/app/api/auth/login/route";
import { createFront } from "@/lib/front";
import { safeLocalPath } from "@/lib/safe-path";
import { peerHeaders } from "@/lib/api/client-ip";
import { errorSchema } from "@/lib/validation/responses";
import { makePost } from "./economy-helpers";
import { call, makeUser } from "../helpers";

type Declared = ((req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>) & {
  spec?: { body?: z.ZodType; customBody?: boolean; auth?: string };
};

describe("finding 5: `__proto__` and `constructor` keys in a JSON body are a 400 or ignored, never a 500", () => {
  const bodies = [
    '{"__proto__":{}}',
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{}}}',
    '{"a":{"__proto__":null},"toString":1}',
    '[{"__proto__":{}}]',
  ];

  it("on every endpoint that reads a JSON body, anonymous and as an admin", async () => {
    const { ROUTE_MODULES } = await import("@/app/api/openapi.json/route-index");
    const tried: string[] = [];
    for (const { path: p, module } of ROUTE_MODULES) {
      for (const m of ["POST", "PUT", "PATCH", "DELETE"]) {
        const h = module[m] as Declared | undefined;
        if (!h?.spec?.body || h.spec.customBody) continue;
        // A fresh admin per endpoint: a body that happens to be valid may sign the caller out.
        const admin = await makeUser({ role: "ADMIN" });
        for (const rawBody of bodies) {
          for (const token of [undefined, admin.token]) {
            const r = await call(h, p.replace(/\{\w+\}/g, "1"), {
              method: m,
              token,
              rawBody,
              headers: { "content-type": "application/json", ...peerHeaders(`203.0.113.${tried.length % 250}`) },
              params: { id: "1", username: "nobody", identifier: "nobody", name: "x", postId: "1", commentId: "1" },
            });
            expect(r.status, `${m} ${p} ${rawBody}: ${r.text}`).not.toBe(500);
            if (r.status >= 400) expect(errorSchema.safeParse(r.body).success, `${m} ${p}: ${r.text}`).toBe(true);
          }
        }
        tried.push(`${m} ${p}`);
      }
    }
    expect(tried.length).toBeGreaterThan(30);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it("a `__proto__` key does not change what the service sees: a login with one still needs its fields", async () => {
    const r = await call(login, "/api/auth/login", {
      rawBody: '{"__proto__":{"username":"admin","password":"x"}}',
      headers: { "content-type": "application/json", ...peerHeaders("203.0.113.251") },
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: "validation_failed" });
  });
});

describe("finding 8: JSON endpoints read only bodies sent as JSON", () => {
  it("a comment sent as text/plain (a form-free cross-site request) is a 415 and stores nothing", async () => {
    const author = await makeUser();
    const post = await makePost(author.id);
    const commenter = await makeUser();
    const path = `/api/posts/${post.id}/comments`;
    for (const type of [
      "text/plain",
      "text/plain;charset=UTF-8",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "",
    ]) {
      const r = await call(addComment, path, {
        method: "POST",
        token: commenter.token,
        params: { id: String(post.id) },
        rawBody: JSON.stringify({ content: "sneaky" }),
        headers: type ? { "content-type": type } : {},
      });
      expect(r.status, type).toBe(415);
      expect(r.body).toMatchObject({ code: "unsupported_media_type" });
    }
    const ok = await call(addComment, path, {
      method: "POST",
      token: commenter.token,
      params: { id: String(post.id) },
      rawBody: JSON.stringify({ content: "plain JSON" }),
      headers: { "content-type": "application/json; charset=utf-8" },
    });
    expect(ok.status).toBe(201);
    const { GET: listComments } = await import("@/app/api/posts/[id]/comments/route");
    const list = await call(listComments, path, { params: { id: String(post.id) } });
    expect(JSON.stringify(list.body)).not.toContain("sneaky");
  });
});

describe("finding 11: stored icons and images cannot be script URLs", () => {
  const bad = [
    "javascript:alert(1)",
    " JavaScript:alert(1)",
    "java\tscript:alert(1)",
    "data:image/svg+xml,<svg onload=alert(1)>",
    "vbscript:x",
    "//evil.example/x.png",
    "/\\evil.example/x.png",
    "file:///etc/passwd",
  ];

  it("category icons and small icons: 400 on `icon`; names, emoji, URLs and site paths are kept", async () => {
    const admin = await makeUser({ role: "ADMIN" });
    for (const icon of bad) {
      for (const field of ["icon", "smallIcon"]) {
        const r = await call(createCategory, "/api/categories", {
          token: admin.token,
          body: { name: `c-${Math.random()}`.slice(0, 20), [field]: icon },
        });
        expect(r.status, `${field} ${JSON.stringify(icon)}`).toBe(400);
        expect(r.body).toMatchObject({ code: "validation_failed", field });
      }
    }
    const good = await call(createCategory, "/api/categories", {
      token: admin.token,
      body: { name: "Good icons", icon: "book-open", smallIcon: "https://cdn.example/x.png" },
    });
    expect(good.status).toBe(201);
    expect(good.body).toMatchObject({ icon: "book-open" });
    const edit = await call(updateCategory, `/api/categories/${good.body.id}`, {
      method: "PUT",
      token: admin.token,
      params: { id: String(good.body.id) },
      body: { icon: "javascript:alert(1)" },
    });
    expect(edit.status).toBe(400);
    const emoji = await call(updateCategory, `/api/categories/${good.body.id}`, {
      method: "PUT",
      token: admin.token,
      params: { id: String(good.body.id) },
      body: { icon: "📚" },
    });
    expect(emoji.status).toBe(200);
  });

  it("shop goods: 400 on `image`", async () => {
    const admin = await makeUser({ role: "ADMIN" });
    for (const image of bad) {
      const r = await call(createGood, "/api/admin/point-goods", { token: admin.token, body: { name: "Mug", cost: 10, image } });
      expect(r.status, JSON.stringify(image)).toBe(400);
      expect(r.body).toMatchObject({ code: "validation_failed", field: "image" });
    }
    const ok = await call(createGood, "/api/admin/point-goods", {
      token: admin.token,
      body: { name: "Mug", cost: 10, image: "/uploads/ab/cd.png" },
    });
    expect(ok.status).toBe(201);
  });
});

describe("finding 12: unknown /api/auth/* paths are the JSON 404", () => {
  it("answers 404 not_found for paths Auth.js does not own, and still serves its own", async () => {
    for (const p of ["/api/auth/nothing", "/api/auth/session/extra/deep", "/api/auth/providers/github", "/api/auth/"]) {
      for (const h of [authGet, authPost]) {
        const r = await call(h, p, {
          method: h === authGet ? "GET" : "POST",
          headers: { "content-type": "application/json" },
          rawBody: h === authPost ? "{}" : undefined,
        });
        expect(r.status, p).toBe(404);
        expect(r.body).toEqual({ error: "No such API endpoint", code: "not_found" });
      }
    }
    const csrf = await call(authGet, "/api/auth/csrf");
    expect(csrf.status).toBe(200);
    expect(typeof csrf.body.csrfToken).toBe("string");
  });
});

describe("findings 4 and 7: the sign-in redirect stays on the site", () => {
  it("keeps paths and refuses every spelling that leaves the site or breaks the header", () => {
    expect(safeLocalPath("/posts/3?x=1#c2")).toBe("/posts/3?x=1#c2");
    expect(safeLocalPath("/admin/users")).toBe("/admin/users");
    for (const v of [
      "/\\evil.example/x",
      "/%5Cevil.example/x",
      "/\tevil",
      "/\t/evil.example",
      "//evil.example",
      "///evil.example",
      "/%2F/evil.example",
      "/%2f%2fevil.example",
      "https://evil.example/",
      "http:/evil.example",
      "javascript:alert(1)",
      "/\r\nLocation: https://evil.example",
      "/x\n",
      "",
      "evil.example",
      "/\u0000",
      undefined,
      ["/a"],
      3,
    ]) {
      const out = safeLocalPath(v);
      const followed = new URL(out, "https://forum.example/");
      expect(followed.origin, JSON.stringify(v)).toBe("https://forum.example");
      expect(out).not.toMatch(/[\r\n\t\\]/);
    }
  });
});

describe("findings 9 and 10: requests Next.js would answer with a 500 are refused before it, in JSON", () => {
  /** A server with the forum's HTTP front (lib/front, as server.ts has it) before a listener that stands for Next.js. */
  async function withHookedServer(
    run: (
      rq: (
        method: string,
        path: string,
        headers?: Record<string, string>,
        body?: string,
      ) => Promise<{ status: number; type?: string; body: string }>,
      reached: string[],
    ) => Promise<void>,
  ) {
    const reached: string[] = [];
    const server = http.createServer();
    server.on(
      "request",
      createFront({
        server,
        next: (req, res) => {
          reached.push(`${req.method} ${req.url}`);
          res.statusCode = 200;
          res.end("next");
        },
      }),
    );
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as { port: number }).port;
    const rq = (method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
      new Promise<{ status: number; type?: string; body: string }>((resolve, reject) => {
        const q = http.request({ host: "127.0.0.1", port, method, path, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
          let d = "";
          res.on("data", (c) => (d += c));
          res.on("end", () => resolve({ status: res.statusCode!, type: res.headers["content-type"], body: d }));
        });
        q.on("error", reject);
        if (body) q.write(body);
        q.end();
      });
    try {
      await run(rq, reached);
    } finally {
      server.close();
    }
  }

  it("TRACE and other unrouted methods: 405 method_not_allowed on API paths and pages", async () => {
    await withHookedServer(async (rq, reached) => {
      for (const [m, p] of [
        ["TRACE", "/api/posts"],
        ["TRACE", "/"],
        ["PROPFIND", "/api/posts/1"],
        ["TRACE", "/posts/1"],
      ] as const) {
        const r = await rq(m, p);
        expect(r.status, `${m} ${p}`).toBe(405);
        expect(r.type).toBe("application/json");
        expect(JSON.parse(r.body)).toEqual({ error: `Method ${m} is not allowed on this path`, code: "method_not_allowed" });
      }
      expect(reached).toEqual([]);
    });
  });

  it("a server action called from another origin: 403 forbidden; from this origin it reaches Next.js", async () => {
    await withHookedServer(async (rq, reached) => {
      const cross = await rq(
        "POST",
        "/posts/89",
        { "next-action": "7f00", origin: "https://evil.example", "content-type": "text/plain" },
        "[]",
      );
      expect(cross.status).toBe(403);
      expect(JSON.parse(cross.body)).toEqual({ error: "Cross-site request refused (CSRF check)", code: "forbidden" });
      expect(reached).toEqual([]);
      const same = await rq("POST", "/posts/89", { "next-action": "7f00", "content-type": "text/plain" }, "[]");
      expect(same.status).toBe(200);
      expect(reached).toEqual(["POST /posts/89"]);
    });
  });
});
