// part A: OpenIsle's Nuxt client (frontend_nuxt) served from another origin against this
// server. Each request is sent as that client sends it (method, path, query, headers, body; the file
// of the client that sends it is named), and each assertion is on the fields the client reads.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { GET as authCheck } from "@/app/api/auth/check/route";
import { GET as listCategories } from "@/app/api/categories/route";
import { POST as pinComment } from "@/app/api/comments/[id]/pin/route";
import { POST as addReply } from "@/app/api/comments/[id]/replies/route";
import { GET as listGoods } from "@/app/api/point-goods/route";
import { GET as changeLogs } from "@/app/api/posts/[id]/change-logs/route";
import { POST as closePost } from "@/app/api/posts/[id]/close/route";
import { GET as listComments, POST as addComment } from "@/app/api/posts/[id]/comments/route";
import { GET as getPost, PUT as updatePost } from "@/app/api/posts/[id]/route";
import { GET as latestReply } from "@/app/api/posts/latest-reply/route";
import { GET as ranking } from "@/app/api/posts/ranking/route";
import { GET as listPosts, POST as createPost } from "@/app/api/posts/route";
import { GET as getTag } from "@/app/api/tags/[id]/route";
import { GET as presignRoute } from "@/app/api/upload/presign/route";
import { PUT as putPresigned } from "@/app/api/upload/presigned/[token]/route";
import { POST as upload } from "@/app/api/upload/route";
import { GET as getUser } from "@/app/api/users/[idOrUsername]/route";
import { GET as serveUpload } from "@/app/uploads/[...path]/route";
import { db } from "@/db";
import { categories, comments, pointGoods, postChangeLogs, posts, tags, users } from "@/db/schema";
import { absolutizeJson } from "@/lib/api/absolute-urls";
import { createFront } from "@/lib/front";
import { env } from "@/lib/env";
import { renderMarkdown } from "@/lib/markdown";
import { PRESIGN_TTL_SEC, presignUpload } from "@/lib/services/uploads/presign";
import { makePost as makeCommentsPost } from "./comments-fixtures";
import { hasGpsTag, jpegWithGps, png, SVG } from "./upload-fixtures";
import { call, makeCategory, makeTag, makeUser } from "../helpers";

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
 * A node:http server with the HTTP front before it (lib/front, as server.ts has it) that
 * hands each request to its route handler the way Next.js does: the real path of every /api answer.
 */
async function hookedServer(routes: Route[]) {
  const server = http.createServer();
  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
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
    const request = new Request(url, {
      method: req.method,
      headers,
      body: req.method === "GET" || req.method === "HEAD" ? undefined : body,
    });
    const params = Object.fromEntries(route.keys.map((k, i) => [k, decodeURIComponent(m[i + 1]!)]));
    const response = await handler(request, { params: Promise.resolve(params) });
    res.statusCode = response.status;
    response.headers.forEach((v, k) => res.setHeader(k, v));
    res.end(Buffer.from(await response.arrayBuffer()));
  };
  server.on("request", createFront({ server, next: (req, res) => void handle(req, res) }));
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

describe("1. CORS for the origins in CORS_ORIGINS (lib/front/cors.ts, applied by the HTTP front)", () => {
  let srv: Awaited<ReturnType<typeof hookedServer>>;
  beforeAll(async () => {
    srv = await hookedServer([routeOf("/api/posts", { GET: listPosts }), routeOf("/api/auth/check", { GET: authCheck })]);
  });
  afterAll(() => srv.close());

  it("a preflight from a listed origin (the client's GET with Authorization) is a 204 with the allowed methods, headers and max age", async () => {
    const r = await srv.send("OPTIONS", "/api/auth/check", {
      origin: CLIENT,
      "access-control-request-method": "GET",
      "access-control-request-headers": "authorization",
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
      origin: CLIENT,
      "access-control-request-method": "POST",
      "access-control-request-headers": "content-type,authorization",
    });
    expect(r.status).toBe(204);
    expect(r.headers["access-control-allow-headers"]!.toLowerCase().split(/,\s*/)).toEqual(
      expect.arrayContaining(["content-type", "authorization"]),
    );
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
    const pre = await srv.send("OPTIONS", "/api/posts", {
      origin: OTHER,
      "access-control-request-method": "GET",
      "access-control-request-headers": "authorization",
    });
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
    const r = await call(authCheck, "/api/auth/check", { headers: { authorization: `Bearer ${u.token}`, origin: CLIENT } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ valid: true });
  });

  it("401 for an invalid token and without one (the client clears its token)", async () => {
    const bad = await call(authCheck, "/api/auth/check", { headers: { authorization: "Bearer fp_nope" } });
    expect(bad.status).toBe(401);
    const none = await call(authCheck, "/api/auth/check");
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ code: "unauthorized" });
  });
});

describe("3. the comment timeline (pages/posts/[id]/index.vue fetchCommentsAndChangeLog)", () => {
  /** The client's request: sort, page, pageSize=10, and `Authorization: ''` when signed out. */
  const timeline = (postId: number, sort: string, page: number, token?: string) =>
    call(listComments, `/api/posts/${postId}/comments?sort=${sort}&page=${page}&pageSize=10`, {
      params: { id: String(postId) },
      headers: { authorization: token ? `Bearer ${token}` : "", origin: CLIENT },
    });

  async function fixture() {
    const author = await makeUser();
    const reader = await makeUser();
    const post = await makeCommentsPost(author.id);
    const at = (min: number) => new Date(Date.parse("2026-03-01T10:00:00.000Z") + min * 60_000);
    const comment = async (min: number, content: string) => {
      const r = await call(addComment, `/api/posts/${post.id}/comments`, {
        token: reader.token,
        params: { id: String(post.id) },
        body: { content },
      });
      expect(r.status, r.text).toBe(201);
      await db
        .update(comments)
        .set({ createdAt: at(min) })
        .where(eq(comments.id, r.body.id));
      return r.body.id as number;
    };
    const c1 = await comment(1, "first");
    const c2 = await comment(3, "second");
    const c3 = await comment(5, "third");
    const reply = await call(addReply, `/api/comments/${c2}/replies`, {
      token: author.token,
      params: { id: String(c2) },
      body: { content: "a reply" },
    });
    expect(reply.status).toBe(201);
    // Two edits: a TITLE entry at minute 2, a CLOSED one at minute 4.
    const edit = await call(updatePost, `/api/posts/${post.id}`, {
      method: "PUT",
      token: author.token,
      params: { id: String(post.id) },
      body: { title: "Renamed" },
    });
    expect(edit.status, edit.text).toBe(200);
    const close = await call(closePost, `/api/posts/${post.id}/close`, {
      method: "POST",
      token: author.token,
      params: { id: String(post.id) },
    });
    expect(close.status, close.text).toBe(200);
    const logs = await db
      .select({ id: postChangeLogs.id, type: postChangeLogs.type })
      .from(postChangeLogs)
      .where(eq(postChangeLogs.postId, post.id));
    const titleLog = logs.find((l) => l.type === "TITLE")!.id;
    const closedLog = logs.find((l) => l.type === "CLOSED")!.id;
    await db
      .update(postChangeLogs)
      .set({ createdAt: at(2) })
      .where(eq(postChangeLogs.id, titleLog));
    await db
      .update(postChangeLogs)
      .set({ createdAt: at(4) })
      .where(eq(postChangeLogs.id, closedLog));
    return { author, reader, post, c1, c2, c3, titleLog, closedLog };
  }

  it("OLDEST: comments and log entries merged by time; the fields mapComment and mapChangeLog read", async () => {
    const f = await fixture();
    const r = await timeline(f.post.id, "OLDEST", 0);
    expect(r.status, r.text).toBe(200);
    expect(r.body.map((i: { kind: string; id: number }) => `${i.kind}:${i.id}`)).toEqual([
      `comment:${f.c1}`,
      `log:${f.titleLog}`,
      `comment:${f.c2}`,
      `log:${f.closedLog}`,
      `comment:${f.c3}`,
    ]);
    for (const item of r.body) {
      expect(Object.keys(item).sort()).toEqual(["createdAt", "id", "kind", "payload", "pinnedAt"]);
      expect(item.payload.id).toBe(item.id);
    }
    const second = r.body[2];
    expect(second.createdAt).toBe("2026-03-01T10:03:00.000Z");
    expect(second.pinnedAt).toBeNull();
    // mapComment: c.author.{username, displayMedal, id, avatar, bot}, c.createdAt, c.content, c.reactions, c.replies
    expect(second.payload).toMatchObject({
      content: "second",
      createdAt: second.createdAt,
      reactions: [],
      author: { id: f.reader.id, username: f.reader.username, bot: false },
    });
    expect(second.payload.author).toHaveProperty("displayMedal");
    expect(second.payload.author.avatar).toMatch(/^https?:\/\//);
    expect(second.payload.replies).toHaveLength(1);
    expect(second.payload.replies[0]).toMatchObject({ content: "a reply", author: { username: f.author.username }, replies: [] });
    // mapChangeLog: l.{id, username, userAvatar, type, time, newTitle, newClosed, …}
    expect(r.body[1].payload).toMatchObject({
      type: "TITLE",
      username: f.author.username,
      newTitle: "Renamed",
      time: "2026-03-01T10:02:00.000Z",
    });
    expect(r.body[1].payload.userAvatar).toMatch(/^https?:\/\//);
    expect(r.body[3].payload).toMatchObject({ type: "CLOSED", newClosed: true, oldClosed: false });
    expect(r.body[1].createdAt).toBe(r.body[1].payload.time);
  });

  it("NEWEST (the client's default) is newest first; a pinned comment comes first in every sort", async () => {
    const f = await fixture();
    const newest = await timeline(f.post.id, "NEWEST", 0);
    expect(newest.body.map((i: { kind: string; id: number }) => `${i.kind}:${i.id}`)).toEqual([
      `comment:${f.c3}`,
      `log:${f.closedLog}`,
      `comment:${f.c2}`,
      `log:${f.titleLog}`,
      `comment:${f.c1}`,
    ]);
    const pin = await call(pinComment, `/api/comments/${f.c1}/pin`, {
      method: "POST",
      token: f.author.token,
      params: { id: String(f.c1) },
    });
    expect(pin.status, pin.text).toBe(200);
    for (const sort of ["NEWEST", "OLDEST", "MOST_INTERACTIONS"]) {
      const r = await timeline(f.post.id, sort, 0);
      expect(r.body[0], sort).toMatchObject({ kind: "comment", id: f.c1, pinnedAt: expect.any(String) });
      expect(Boolean(r.body[0].payload.pinnedAt)).toBe(true);
      expect(r.body).toHaveLength(5);
    }
  });

  it("MOST_INTERACTIONS: the comment with the most replies and reactions first, then by time", async () => {
    const f = await fixture();
    const r = await timeline(f.post.id, "MOST_INTERACTIONS", 0);
    expect(r.body.map((i: { kind: string; id: number }) => `${i.kind}:${i.id}`)).toEqual([
      `comment:${f.c2}`,
      `comment:${f.c1}`,
      `log:${f.titleLog}`,
      `log:${f.closedLog}`,
      `comment:${f.c3}`,
    ]);
  });

  it("pages after the merge, 10 at a time; a short page tells the client it is done; past the end is []", async () => {
    const author = await makeUser();
    const reader = await makeUser();
    const post = await makeCommentsPost(author.id);
    for (let i = 0; i < 12; i++) {
      const r = await call(addComment, `/api/posts/${post.id}/comments`, {
        token: reader.token,
        params: { id: String(post.id) },
        body: { content: `c${i}` },
      });
      expect(r.status).toBe(201);
    }
    await call(updatePost, `/api/posts/${post.id}`, {
      method: "PUT",
      token: author.token,
      params: { id: String(post.id) },
      body: { content: "changed" },
    });
    const p0 = await timeline(post.id, "OLDEST", 0, reader.token);
    const p1 = await timeline(post.id, "OLDEST", 1, reader.token);
    const p2 = await timeline(post.id, "OLDEST", 2, reader.token);
    expect(p0.body).toHaveLength(10);
    expect(p1.body).toHaveLength(3);
    expect(p2.body).toEqual([]);
    const ids = [...p0.body, ...p1.body].map((i: { kind: string; id: number }) => `${i.kind}:${i.id}`);
    expect(new Set(ids).size).toBe(13);
    expect(ids.filter((i) => i.startsWith("log:"))).toHaveLength(1);
    expect(p1.body.at(-1)).toMatchObject({ kind: "log", payload: { type: "CONTENT", newContent: "changed" } });
  });

  it("without sort the answer is the seed's: Comment objects, pinned first then oldest first", async () => {
    const f = await fixture();
    const r = await call(listComments, `/api/posts/${f.post.id}/comments?page=0&pageSize=10`, {
      params: { id: String(f.post.id) },
    });
    expect(r.status).toBe(200);
    expect(r.body.map((c: { id: number }) => c.id)).toEqual([f.c1, f.c2, f.c3]);
    expect(r.body[0]).not.toHaveProperty("kind");
    expect(r.body[1].replies).toHaveLength(1);
  });

  it("a post the caller may not see is a 404; an unknown sort a 400", async () => {
    const author = await makeUser();
    const post = await makeCommentsPost(author.id, { visibleScope: "ONLY_ME" });
    expect((await timeline(post.id, "NEWEST", 0)).status).toBe(404);
    expect((await timeline(post.id, "NEWEST", 0, author.token)).status).toBe(200);
    expect((await timeline(post.id, "newest-first", 0, author.token)).status).toBe(400);
  });
});

describe("4. icons the client can draw (components/CategorySelect.vue, TagSelect.vue, ArticleCategory.vue)", () => {
  /** The names frontend_nuxt/plugins/iconpark.ts registers (Vue resolves `server-icon` to ServerIcon). */
  const REGISTERED = [
    "Pin",
    "Fireworks",
    "Gift",
    "RankingList",
    "Star",
    "Edit",
    "HashtagKey",
    "Remind",
    "InfoIcon",
    "ChartLine",
    "Finance",
    "Up",
    "Down",
    "TagOne",
    "MedalOne",
    "Next",
    "DropDownList",
    "MoreOne",
    "SunOne",
    "Moon",
    "ComputerOne",
    "CommentIcon",
    "CommentOne",
    "LinkIcon",
    "SlyFaceWhitSmile",
    "Like",
    "ApplicationMenu",
    "SearchIcon",
    "Copy",
    "CopyLink",
    "Loading",
    "Rss",
    "MessageEmoji",
    "AddUser",
    "ReduceUser",
    "MessageOne",
    "AlarmClock",
    "Bookmark",
    "Inbox",
    "LoadingFour",
    "UserIcon",
    "Mail",
    "Lock",
    "SendIcon",
    "Unlock",
    "LockOne",
    "ImageFiles",
    "ExpandUp",
    "CloseIcon",
    "ArrowLeft",
    "CollapseTextInput",
    "Stopwatch",
    "PaperMoneyTwo",
    "Check",
    "ChartHistogram",
    "CheckCorrect",
    "PeoplePlus",
    "PeopleMinusOne",
    "SmartOptimization",
    "SaveIcon",
    "ClearIcon",
    "FileText",
    "HistoryIcon",
    "Lightning",
    "PeoplesTwo",
    "CodeIcon",
    "GoodTwo",
    "Twitter",
    "Bitcoin",
    "Fire",
    "Communication",
    "WaterLevel",
    "RobotOne",
    "ServerIcon",
    "Protection",
    "DoubleDown",
    "OpenIcon",
    "Dislike",
    "CheckOne",
    "Share",
    "Financing",
    "Hands",
    "PreviewCloseOne",
  ];
  /** Vue's resolveAsset: the name, camelized, then capitalized. */
  const pascal = (name: string) => name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()).replace(/^\w/, (c) => c.toUpperCase());
  /** The client's isImageIcon. */
  const isImageIcon = (icon: string) => /^https?:\/\//.test(icon) || icon.startsWith("/");

  it("demo tags use names of the client's icon set; demo categories a picture (under public/) for both sizes", async () => {
    const { DEMO_CATEGORIES, DEMO_TAGS } = await import("@/lib/demo/data");
    for (const t of DEMO_TAGS) {
      expect(isImageIcon(t.icon), t.name).toBe(false);
      expect(REGISTERED, `${t.name}: ${t.icon}`).toContain(pascal(t.icon));
    }
    const { existsSync } = await import("node:fs");
    for (const c of DEMO_CATEGORIES) {
      // CategorySelect draws `icon` as an image when it is one, else `smallIcon || icon` as a component: both must be pictures.
      expect(isImageIcon(c.icon) && isImageIcon(c.smallIcon), c.name).toBe(true);
      expect(existsSync(`public${c.icon}`), c.icon).toBe(true);
    }
  });

  it("GET /api/categories and /api/tags answer picture icons as absolute URLs and names as they are", async () => {
    const { DEMO_CATEGORIES, DEMO_TAGS } = await import("@/lib/demo/data");
    const c = DEMO_CATEGORIES[0]!;
    const t = DEMO_TAGS[0]!;
    await db
      .insert(categories)
      .values({ name: `${c.name}-${Date.now()}`, description: c.description, icon: c.icon, smallIcon: c.smallIcon });
    const [tag] = await db
      .insert(tags)
      .values({ name: `${t.name}-${Date.now()}`, description: t.description, icon: t.icon, smallIcon: t.icon })
      .returning();
    const cats = await call(listCategories, "/api/categories", { headers: { origin: CLIENT } });
    const mine = cats.body.find((x: { name: string }) => x.name.startsWith(c.name));
    expect(mine).toMatchObject({ icon: `http://localhost:3000${c.icon}`, smallIcon: `http://localhost:3000${c.smallIcon}` });
    const tg = await call(getTag, `/api/tags/${tag!.id}`, { params: { id: String(tag!.id) } });
    expect(tg.body).toMatchObject({ icon: t.icon, smallIcon: t.icon });
  });
});

describe("5. flat create and edit bodies (pages/new-post.vue submitPost, pages/posts/[id]/edit.vue)", () => {
  const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

  async function author() {
    const u = await makeUser();
    const cat = await makeCategory();
    const tag = await makeTag();
    return { u, cat, tag };
  }
  /** new-post.vue's payload, sent as the client sends it. */
  const post = (token: string, payload: Record<string, unknown>) =>
    call(createPost, "/api/posts", {
      method: "POST",
      token,
      rawBody: JSON.stringify(payload),
      headers: { "content-type": "application/json", origin: CLIENT },
    });

  it("a POLL with options, multiple and endTime beside the post: 201, and the poll is stored", async () => {
    const { u, cat, tag } = await author();
    const r = await post(u.token, {
      title: "Which editor?",
      content: "Vote please",
      categoryId: cat.id,
      tagIds: [tag.id],
      type: "POLL",
      postVisibleScopeType: "ALL",
      options: ["vim", "emacs", "nano"],
      multiple: true,
      endTime: inDays(2),
    });
    expect(r.status, r.text).toBe(201);
    // The client reads data.id (to navigate) and data.reward (the toast).
    expect(r.body.id).toEqual(expect.any(Number));
    expect(r.body.reward).toEqual(expect.any(Number));
    expect(r.body.poll).toMatchObject({ options: ["vim", "emacs", "nano"], multiple: true, votes: { vim: 0, emacs: 0, nano: 0 } });
    expect(r.body.visibleScope).toBe("ALL");
  });

  it("a LOTTERY with the prize fields flat (no startTime: it starts now), its prize icon uploaded first", async () => {
    const { u, cat, tag } = await author();
    const form = new FormData();
    form.append("file", new File([new Uint8Array(await png(6, 6, "green"))], "prize.png", { type: "image/png" }));
    const up = await call(upload, "/api/upload", { method: "POST", token: u.token, rawBody: form });
    expect(up.status).toBe(200);
    expect(up.body.code).toBe(0);
    const r = await post(u.token, {
      title: "Win a mug",
      content: "Join!",
      categoryId: cat.id,
      tagIds: [tag.id],
      type: "LOTTERY",
      postVisibleScopeType: "ONLY_REGISTER",
      prizeIcon: up.body.data.url,
      prizeCount: 2,
      prizeDescription: "A mug",
      pointCost: 5,
      endTime: inDays(3),
    });
    expect(r.status, r.text).toBe(201);
    expect(r.body.lottery).toMatchObject({
      prizeDescription: "A mug",
      prizeIcon: up.body.data.url,
      prizeCount: 2,
      pointCost: 5,
      participants: [],
      winners: [],
    });
    expect(Date.parse(r.body.lottery.startTime)).toBeLessThanOrEqual(Date.now());
    expect(r.body.visibleScope).toBe("ONLY_REGISTER");
  });

  it("postVisibleScopeType is the scope (any case); an unknown one is a 400, not a silent ALL", async () => {
    const { u, cat, tag } = await author();
    const base = { title: "Private", content: "just me", categoryId: cat.id, tagIds: [tag.id], type: "NORMAL" };
    const me = await post(u.token, { ...base, postVisibleScopeType: "ONLY_ME" });
    expect(me.status, me.text).toBe(201);
    expect(me.body.visibleScope).toBe("ONLY_ME");
    const lower = await post(u.token, { ...base, postVisibleScopeType: "only_register" });
    expect(lower.body.visibleScope).toBe("ONLY_REGISTER");
    const bad = await post(u.token, { ...base, postVisibleScopeType: "FRIENDS" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "validation_failed", field: "visibleScope" });
    // Our own field wins when both are sent.
    const both = await post(u.token, { ...base, visibleScope: "ALL", postVisibleScopeType: "ONLY_ME" });
    expect(both.body.visibleScope).toBe("ALL");
  });

  it("the flat form is checked by the same rules (a poll needs two options), the nested one still works", async () => {
    const { u, cat, tag } = await author();
    const one = await post(u.token, {
      title: "P",
      content: "c",
      categoryId: cat.id,
      tagIds: [tag.id],
      type: "POLL",
      options: ["only"],
      endTime: inDays(1),
    });
    expect(one.status).toBe(400);
    expect(one.body.field).toBe("poll.options");
    const none = await post(u.token, { title: "P", content: "c", categoryId: cat.id, tagIds: [tag.id], type: "POLL" });
    expect(none.status).toBe(400);
    expect(none.body.field).toBe("poll");
    const nested = await post(u.token, {
      title: "P",
      content: "c",
      categoryId: cat.id,
      tagIds: [tag.id],
      type: "POLL",
      poll: { options: ["a", "b"], endTime: inDays(1) },
    });
    expect(nested.status, nested.text).toBe(201);
    expect(nested.body.poll.options).toEqual(["a", "b"]);
    const proto = await call(createPost, "/api/posts", {
      method: "POST",
      token: u.token,
      rawBody: '{"__proto__":{"type":"POLL"},"title":"t"}',
      headers: { "content-type": "application/json" },
    });
    expect(proto.status).toBe(400);
  });

  it("PUT with edit.vue's body changes the scope and writes a VISIBLE_SCOPE entry", async () => {
    const { u, cat, tag } = await author();
    const created = await post(u.token, {
      title: "Edit me",
      content: "c",
      categoryId: cat.id,
      tagIds: [tag.id],
      type: "NORMAL",
      postVisibleScopeType: "ALL",
    });
    const id = created.body.id as number;
    const r = await call(updatePost, `/api/posts/${id}`, {
      method: "PUT",
      token: u.token,
      params: { id: String(id) },
      body: { title: "Edit me", content: "c", categoryId: cat.id, tagIds: [tag.id], postVisibleScopeType: "ONLY_REGISTER" },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.visibleScope).toBe("ONLY_REGISTER");
    const logs = await db
      .select({ type: postChangeLogs.type, newVisibleScope: postChangeLogs.newVisibleScope })
      .from(postChangeLogs)
      .where(eq(postChangeLogs.postId, id));
    expect(logs).toEqual([{ type: "VISIBLE_SCOPE", newVisibleScope: "ONLY_REGISTER" }]);
  });
});

describe("6. uploads as the client sends them (utils/vditor.js presign + PUT; new-post.vue multipart)", () => {
  const presign = (token: string | undefined, filename: string) =>
    call(presignRoute, `/api/upload/presign?filename=${encodeURIComponent(filename)}`, {
      headers: token ? { authorization: `Bearer ${token}`, origin: CLIENT } : { origin: CLIENT },
    });
  /** vditor.js: `fetch(info.uploadUrl, { method: 'PUT', body: file })`: no Authorization, the file's own type. */
  const put = (uploadUrl: string, bytes: Buffer, type = "image/png") => {
    const path = new URL(uploadUrl).pathname;
    return call(putPresigned, path, {
      method: "PUT",
      rawBody: new Uint8Array(bytes),
      headers: { "content-type": type, origin: CLIENT },
      params: { token: path.split("/").pop()! },
    });
  };
  const follow = (fileUrl: string) => {
    const [, , name] = new URL(fileUrl).pathname.split("/").filter(Boolean);
    return serveUpload(new Request(fileUrl), { params: Promise.resolve({ path: ["p", name!] }) });
  };

  it("presign → PUT → fileUrl serves the image, re-encoded without its EXIF GPS", async () => {
    const u = await makeUser();
    const r = await presign(u.token, "holiday.jpeg");
    expect(r.status, r.text).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(["fileUrl", "key", "uploadUrl"]);
    expect(r.body.uploadUrl).toMatch(/^http:\/\/localhost:3000\/api\/upload\/presigned\/[\w-]+\.[\w-]+$/);
    expect(r.body.fileUrl).toMatch(/^http:\/\/localhost:3000\/uploads\/p\/[0-9a-f]{32}\.jpg$/);
    // Not there before the PUT.
    expect((await follow(r.body.fileUrl)).status).toBe(404);
    const p = await put(r.body.uploadUrl, await jpegWithGps(), "image/jpeg");
    expect(p.status, p.text).toBe(200);
    expect(p.body).toEqual({ code: 0, msg: "ok", data: { url: r.body.fileUrl } });
    const res = await follow(r.body.fileUrl);
    expect(res.status).toBe(302);
    const target = res.headers.get("location")!;
    expect(target).toMatch(/^\/uploads\/[0-9a-f]{2}\/[0-9a-f]{64}\.jpg$/);
    const [dir, file] = target.split("/").filter(Boolean).slice(1);
    const img = await serveUpload(new Request(`http://localhost:3000${target}`), { params: Promise.resolve({ path: [dir!, file!] }) });
    const bytes = Buffer.from(await img.arrayBuffer());
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    expect(hasGpsTag(bytes)).toBe(false);
    // What vditor.js then writes into the post renders (our own absolute upload URL passes the image allow-list).
    expect(await renderMarkdown(`![holiday.jpeg](${r.body.fileUrl})`)).toContain(`<img src="${r.body.fileUrl}"`);
  });

  it("the PUT URL is single-use, expires, cannot be forged, and runs the image checks", async () => {
    const u = await makeUser();
    const { body: a } = await presign(u.token, "a.png");
    expect((await put(a.uploadUrl, await png(4, 4, "red"))).status).toBe(200);
    const again = await put(a.uploadUrl, await png(4, 4, "blue"));
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("conflict");

    const { body: b } = await presign(u.token, "b.png");
    const token = new URL(b.uploadUrl).pathname.split("/").pop()!;
    const [payload] = token.split(".");
    const forged = JSON.parse(Buffer.from(payload!, "base64url").toString());
    forged.u = (await makeUser()).id;
    const tampered = `${Buffer.from(JSON.stringify(forged)).toString("base64url")}.${token.split(".")[1]}`;
    expect((await put(`http://localhost:3000/api/upload/presigned/${tampered}`, await png())).status).toBe(403);

    const old = presignUpload(u, {
      filename: "c.png",
      origin: "http://localhost:3000",
      now: Date.now() - PRESIGN_TTL_SEC * 1000 - 1000,
    });
    expect((await put(old.uploadUrl, await png())).status).toBe(403);

    // Not an image: 415, and the URL stays usable for the right file.
    const { body: d } = await presign(u.token, "d.png");
    const svg = await put(d.uploadUrl, SVG, "image/png");
    expect(svg.status).toBe(415);
    expect((await put(d.uploadUrl, await png(3, 3, "white"))).status).toBe(200);
  });

  it("presign needs a signed-in writer and an image name", async () => {
    const u = await makeUser();
    expect((await presign(undefined, "x.png")).status).toBe(401);
    const reader = await makeUser({ scopes: ["read"] });
    expect((await presign(reader.token, "x.png")).status).toBe(403);
    for (const name of ["clip.mp4", "song.mp3", "noext", "x.svg"]) {
      const r = await presign(u.token, name);
      expect(r.status, name).toBe(415);
      expect(r.body.code).toBe("unsupported_media_type");
    }
    expect((await call(presignRoute, "/api/upload/presign", { token: u.token })).status).toBe(400);
  });

  it("the seed's JSON {file} form still answers 201 and the absolute URL as a JSON string", async () => {
    const u = await makeUser();
    const r = await call(upload, "/api/upload", {
      method: "POST",
      token: u.token,
      body: { file: (await png(2, 2, "black")).toString("base64") },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatch(/^http:\/\/localhost:3000\/uploads\/[0-9a-f]{2}\/[0-9a-f]{64}\.png$/);
  });
});

describe("7. GET /api/posts/ranking and tagIds=0 (pages/index.vue: the 排行榜 tab; TagSelect's 无标签 option)", () => {
  it("ranking: pinned first, then most viewed, with the list's filters and paging", async () => {
    const u = await makeUser();
    const cat = await makeCategory();
    const mk = async (title: string, views: number, pinned = false) => {
      const [p] = await db
        .insert(posts)
        .values({ title, content: "c", authorId: u.id, categoryId: cat.id, views, pinnedAt: pinned ? new Date() : null })
        .returning();
      return p!.id;
    };
    const low = await mk("low", 3);
    const high = await mk("high", 300);
    const pinnedLow = await mk("pinned", 1, true);
    const mid = await mk("mid", 30);
    const r = await call(ranking, `/api/posts/ranking?page=0&pageSize=10&categoryId=${cat.id}`, { headers: { origin: CLIENT } });
    expect(r.status, r.text).toBe(200);
    expect(r.body.map((p: { id: number }) => p.id)).toEqual([pinnedLow, high, mid, low]);
    // The list item fields the home page maps.
    expect(r.body[1]).toMatchObject({
      id: high,
      title: "high",
      views: 300,
      category: { id: cat.id },
      tags: [],
      commentCount: 0,
      visibleScope: "ALL",
    });
    expect(r.body[1].participants[0].avatar).toMatch(/^http:\/\/localhost:3000\//);
    const page1 = await call(ranking, `/api/posts/ranking?page=1&pageSize=2&categoryId=${cat.id}`);
    expect(page1.body.map((p: { id: number }) => p.id)).toEqual([mid, low]);
  });

  it("tagIds=0 (and tagId=0) is no tag filter, on every list; a negative id is still a 400", async () => {
    const u = await makeUser();
    const cat = await makeCategory();
    const [p] = await db.insert(posts).values({ title: "untagged", content: "c", authorId: u.id, categoryId: cat.id }).returning();
    for (const [h, path] of [
      [listPosts, "/api/posts"],
      [ranking, "/api/posts/ranking"],
      [latestReply, "/api/posts/latest-reply"],
    ] as const) {
      for (const q of ["tagIds=0", "tagId=0", "tagIds=0&tagIds=0"]) {
        const r = await call(h, `${path}?page=0&pageSize=10&categoryId=${cat.id}&${q}`);
        expect(r.status, `${path}?${q}: ${r.text}`).toBe(200);
        expect(
          r.body.map((x: { id: number }) => x.id),
          `${path}?${q}`,
        ).toEqual([p!.id]);
      }
    }
    expect((await call(listPosts, "/api/posts?tagIds=-1")).status).toBe(400);
  });
});

describe("8. absolute URLs for every image and link the API answers", () => {
  it("avatars, change-log avatars, category icons, prize icons and goods images are absolute on PUBLIC_URL", async () => {
    const u = await makeUser();
    await db
      .update(users)
      .set({ avatar: "/uploads/ab/abababababababababababababababababababababababababababababababab.png" })
      .where(eq(users.id, u.id));
    const [cat] = await db
      .insert(categories)
      .values({ name: `pics-${Date.now()}`, description: "", icon: "/categories/cooking.png", smallIcon: "/categories/cooking.png" })
      .returning();
    const tag = await makeTag();
    const r = await call(createPost, "/api/posts", {
      method: "POST",
      token: u.token,
      body: {
        title: "Prize",
        content: "c",
        categoryId: cat!.id,
        tagIds: [tag.id],
        type: "LOTTERY",
        prizeDescription: "Pi",
        prizeIcon: "/categories/self-hosting.png",
        prizeCount: 1,
        pointCost: 0,
        endTime: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(r.status, r.text).toBe(201);
    const id = r.body.id as number;
    const abs = (p: string) => `http://localhost:3000${p}`;
    expect(r.body.author.avatar).toBe(abs("/uploads/ab/abababababababababababababababababababababababababababababababab.png"));
    expect(r.body.category).toMatchObject({ icon: abs("/categories/cooking.png"), smallIcon: abs("/categories/cooking.png") });
    expect(r.body.lottery.prizeIcon).toBe(abs("/categories/self-hosting.png"));
    const detail = await call(getPost, `/api/posts/${id}`, { params: { id: String(id) } });
    expect(detail.body.participants[0].avatar).toBe(r.body.author.avatar);
    await call(updatePost, `/api/posts/${id}`, {
      method: "PUT",
      token: u.token,
      params: { id: String(id) },
      body: { title: "Prize!" },
    });
    const logs = await call(changeLogs, `/api/posts/${id}/change-logs`, { params: { id: String(id) } });
    expect(logs.body[0].userAvatar).toBe(r.body.author.avatar);
    const other = await makeUser();
    const g = await call(getUser, `/api/users/${other.username}`, { params: { idOrUsername: other.username } });
    expect(g.body.avatar).toBe(abs(`/api/avatars/${other.username}`));
    await db.insert(pointGoods).values({ name: `Mug ${Date.now()}`, cost: 1, image: "/goods/coffee-mug.png" });
    const goods = await call(listGoods, "/api/point-goods");
    expect(goods.body.find((x: { image: string }) => x.image.endsWith("/goods/coffee-mug.png")).image).toBe(abs("/goods/coffee-mug.png"));
    // Post text is answered as written.
    expect(detail.body.content).toBe("c");
  });

  it("without PUBLIC_URL they are built on the request's origin; text that merely looks like a field is left alone", async () => {
    const before = process.env.PUBLIC_URL;
    delete process.env.PUBLIC_URL;
    env(true);
    try {
      const u = await makeUser();
      const cat = await makeCategory();
      const tag = await makeTag();
      const content = 'a JSON sample: {"avatar":"/api/avatars/x","url":"/y"}';
      const made = await call(createPost, "/api/posts", {
        token: u.token,
        body: { title: "t", content, categoryId: cat.id, tagIds: [tag.id] },
      });
      const r = await listPosts(new Request("https://forum.example/api/posts?pageSize=50"), { params: Promise.resolve({}) });
      const body = (await r.json()) as { id: number; content: string; author: { avatar: string } }[];
      const mine = body.find((p) => p.id === made.body.id)!;
      expect(mine.author.avatar).toBe(`https://forum.example/api/avatars/${u.username}`);
      expect(mine.content).toBe(content);
    } finally {
      process.env.PUBLIC_URL = before;
      env(true);
    }
  });

  it("the rewrite touches only those fields' site paths, never text inside strings or other hosts", () => {
    const o = "https://f.example";
    const doc = {
      avatar: "/api/avatars/a",
      icon: "server-icon",
      smallIcon: "/c.png",
      image: "//cdn.example/x.png",
      url: "/\\evil",
      prizeIcon: "https://cdn.example/p.png",
      userAvatar: "",
      title: "/not-a-field",
      content: '"avatar":"/x" and {"url":"/y"}',
      nested: [{ fileUrl: "/uploads/p/a.png", uploadUrl: "/api/upload/presigned/t" }],
    };
    expect(JSON.parse(absolutizeJson(JSON.stringify(doc), o))).toEqual({
      ...doc,
      avatar: `${o}/api/avatars/a`,
      smallIcon: `${o}/c.png`,
      nested: [{ fileUrl: `${o}/uploads/p/a.png`, uploadUrl: `${o}/api/upload/presigned/t` }],
    });
    const text = JSON.stringify(doc);
    expect(absolutizeJson(JSON.stringify({ title: "x" }), o)).toBe(JSON.stringify({ title: "x" }));
    expect(absolutizeJson(text, o)).not.toBe(text);
  });

  it("our own pages keep the site-relative paths (services are unchanged; the edge adds the origin)", async () => {
    const u = await makeUser();
    const { getProfile } = await import("@/lib/services/users/profiles");
    const p = await getProfile(null, { idOrUsername: u.username });
    expect(p.avatar).toBe(`/api/avatars/${u.username}`);
  });
});
