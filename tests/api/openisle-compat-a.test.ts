// Issue 46, part A: OpenIsle's Nuxt client (frontend_nuxt) served from another origin against this
// server. Each request is sent as that client sends it (method, path, query, headers, body; the file
// of the client that sends it is named), and each assertion is on the fields the client reads.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as authCheck } from "@/app/api/auth/check/route";
import { GET as listPosts } from "@/app/api/posts/route";
import { installHttpHook } from "@/lib/api/http-hook";
import { env } from "@/lib/env";
import { call, makeUser } from "../helpers";

const CLIENT = "https://isle.example";
const OTHER = "https://evil.example";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Route = { pattern: RegExp; keys: string[]; module: Record<string, unknown> };

/** `/api/posts/{id}/comments` → a matcher with its parameter names. */
function routeOf(path: string, module: Record<string, unknown>): Route {
  const keys: string[] = [];
  const pattern = new RegExp(`^${path.replace(/\{(\w+)\}/g, (_, k: string) => (keys.push(k), "([^/]+)"))}$`);
  return { pattern, keys, module };
}

/**
 * A node:http server with the HTTP front installed (lib/api/http-hook.ts, as `next start` has it) that
 * hands each request to its route handler the way Next.js does: the real path of every /api answer.
 */
async function hookedServer(routes: Route[]) {
  await installHttpHook();
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
    const route = routes.find((r) => r.pattern.test(url.pathname));
    const m = route?.pattern.exec(url.pathname);
    const handler = route?.module[req.method ?? "GET"] as Handler | undefined;
    if (!route || !m || !handler) {
      // Next.js answers an OPTIONS it routes with 204 and an unexported method with a bare 405.
      res.statusCode = req.method === "OPTIONS" ? 204 : 405;
      return res.end();
    }
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const body = chunks.length ? Buffer.concat(chunks) : undefined;
    const request = new Request(url, { method: req.method, headers, body: req.method === "GET" || req.method === "HEAD" ? undefined : body });
    const params = Object.fromEntries(route.keys.map((k, i) => [k, decodeURIComponent(m[i + 1]!)]));
    const response = await handler(request, { params: Promise.resolve(params) });
    res.statusCode = response.status;
    response.headers.forEach((v, k) => res.setHeader(k, v));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  const send = (method: string, path: string, headers: Record<string, string> = {}, body?: Buffer | string) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
      const q = http.request({ host: "127.0.0.1", port, method, path, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
        const got: Buffer[] = [];
        res.on("data", (c: Buffer) => got.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(got).toString("utf8") }));
      });
      q.on("error", reject);
      if (body) q.write(body);
      q.end();
    });
  return { send, origin: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

let corsBefore: string | undefined;
beforeAll(() => {
  corsBefore = process.env.CORS_ORIGINS;
  process.env.CORS_ORIGINS = `${CLIENT}, http://localhost:3001`;
  env(true);
});
afterAll(() => {
  if (corsBefore === undefined) delete process.env.CORS_ORIGINS;
  else process.env.CORS_ORIGINS = corsBefore;
  env(true);
});

describe("1. CORS for the origins in CORS_ORIGINS (lib/api/cors.ts, applied by the HTTP front)", () => {
  let srv: Awaited<ReturnType<typeof hookedServer>>;
  beforeAll(async () => {
    srv = await hookedServer([routeOf("/api/posts", { GET: listPosts }), routeOf("/api/auth/check", { GET: authCheck })]);
  });
  afterAll(() => srv.close());

  it("a preflight from a listed origin (the client's GET with Authorization) is a 204 with the allowed methods, headers and max age", async () => {
    const r = await srv.send("OPTIONS", "/api/auth/check", {
      origin: CLIENT, "access-control-request-method": "GET", "access-control-request-headers": "authorization",
    });
    expect(r.status).toBe(204);
    expect(r.text).toBe("");
    expect(r.headers["access-control-allow-origin"]).toBe(CLIENT);
    expect(r.headers["access-control-allow-credentials"]).toBe("true");
    expect(r.headers["access-control-allow-methods"]).toMatch(/GET.*POST.*PUT.*DELETE/);
    expect(r.headers["access-control-allow-headers"]).toMatch(/authorization/i);
    expect(Number(r.headers["access-control-max-age"])).toBeGreaterThan(0);
    expect(r.headers.vary).toMatch(/\bOrigin\b/);
  });

  it("a preflight for the JSON POST (Content-Type and Authorization) lists both headers", async () => {
    const r = await srv.send("OPTIONS", "/api/posts", {
      origin: CLIENT, "access-control-request-method": "POST", "access-control-request-headers": "content-type,authorization",
    });
    expect(r.status).toBe(204);
    expect(r.headers["access-control-allow-headers"]!.toLowerCase().split(/,\s*/)).toEqual(expect.arrayContaining(["content-type", "authorization"]));
  });

  it("a preflight on any /api path is answered in front of Next.js, even a path no route has", async () => {
    const r = await srv.send("OPTIONS", "/api/no/such/thing", { origin: CLIENT, "access-control-request-method": "PUT" });
    expect(r.status).toBe(204);
    expect(r.headers["access-control-allow-origin"]).toBe(CLIENT);
  });

  it("an actual answer to a listed origin carries Allow-Origin, Allow-Credentials, Expose-Headers and Vary", async () => {
    const r = await srv.send("GET", "/api/posts?page=0&pageSize=10", { origin: CLIENT });
    expect(r.status).toBe(200);
    expect(r.headers["access-control-allow-origin"]).toBe(CLIENT);
    expect(r.headers["access-control-allow-credentials"]).toBe("true");
    expect(r.headers["access-control-expose-headers"]).toMatch(/RateLimit-Remaining/);
    expect(r.headers["access-control-expose-headers"]).toMatch(/Retry-After/);
    expect(r.headers.vary).toMatch(/\bOrigin\b/);
    expect(Array.isArray(JSON.parse(r.text))).toBe(true);
  });

  it("errors get the headers too (the client reads a 401's body)", async () => {
    const r = await srv.send("GET", "/api/auth/check", { origin: CLIENT, authorization: "Bearer fp_not_a_token" });
    expect(r.status).toBe(401);
    expect(r.headers["access-control-allow-origin"]).toBe(CLIENT);
    expect(JSON.parse(r.text)).toMatchObject({ error: expect.any(String), code: "unauthorized" });
  });

  it("an unlisted origin gets no CORS header at all, on the preflight and on the answer; Vary: Origin still", async () => {
    const pre = await srv.send("OPTIONS", "/api/posts", { origin: OTHER, "access-control-request-method": "GET", "access-control-request-headers": "authorization" });
    expect(pre.status).toBe(204);
    const get = await srv.send("GET", "/api/posts", { origin: OTHER });
    expect(get.status).toBe(200);
    for (const r of [pre, get]) {
      expect(Object.keys(r.headers).filter((h) => h.startsWith("access-control-"))).toEqual([]);
      expect(r.headers.vary).toMatch(/\bOrigin\b/);
    }
  });

  it("no Origin (a same-origin or server-side call): Vary: Origin and no CORS header", async () => {
    const r = await srv.send("GET", "/api/posts");
    expect(r.status).toBe(200);
    expect(r.headers["access-control-allow-origin"]).toBeUndefined();
    expect(r.headers.vary).toMatch(/\bOrigin\b/);
  });

  it("a cached list answer is not handed to another origin with the first one's headers", async () => {
    const before = process.env.LIST_CACHE;
    process.env.LIST_CACHE = "1";
    try {
      const a = await srv.send("GET", "/api/posts?pageSize=7", { origin: CLIENT });
      const b = await srv.send("GET", "/api/posts?pageSize=7", { origin: OTHER });
      const c = await srv.send("GET", "/api/posts?pageSize=7", { origin: "http://localhost:3001" });
      expect(a.headers["access-control-allow-origin"]).toBe(CLIENT);
      expect(b.headers["access-control-allow-origin"]).toBeUndefined();
      expect(c.headers["access-control-allow-origin"]).toBe("http://localhost:3001");
      expect(b.text).toBe(a.text);
    } finally {
      if (before === undefined) delete process.env.LIST_CACHE;
      else process.env.LIST_CACHE = before;
    }
  });

  it("CORS_ORIGINS empty (the default) allows no origin", async () => {
    process.env.CORS_ORIGINS = "";
    env(true);
    try {
      const r = await srv.send("GET", "/api/posts", { origin: CLIENT });
      expect(r.headers["access-control-allow-origin"]).toBeUndefined();
      expect(r.headers.vary).toMatch(/\bOrigin\b/);
    } finally {
      process.env.CORS_ORIGINS = `${CLIENT}, http://localhost:3001`;
      env(true);
    }
  });

  it("CORS_ORIGINS is validated: a path or a non-http scheme is refused at start-up", () => {
    for (const bad of ["https://a.example/path", "ftp://a.example", "not a url", "https://a.example, *"]) {
      process.env.CORS_ORIGINS = bad;
      expect(() => env(true), bad).toThrow(/CORS_ORIGINS/);
    }
    process.env.CORS_ORIGINS = `${CLIENT}, http://localhost:3001`;
    env(true);
  });
});

describe("2. GET /api/auth/check (utils/auth.js checkToken: on start, with the stored token)", () => {
  it("200 {valid: true} for a valid token; the client then keeps it (res.ok)", async () => {
    const u = await makeUser();
    const r = await call(authCheck as never, "/api/auth/check", { headers: { authorization: `Bearer ${u.token}`, origin: CLIENT } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ valid: true });
  });

  it("401 for an invalid token and without one (the client clears its token)", async () => {
    const bad = await call(authCheck as never, "/api/auth/check", { headers: { authorization: "Bearer fp_nope" } });
    expect(bad.status).toBe(401);
    const none = await call(authCheck as never, "/api/auth/check");
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ code: "unauthorized" });
  });
});
