// Hostile input: property-based fuzzing (fast-check) of the main endpoints' query params
// and JSON bodies (never a 500, always the docs/api.md §1 error body), SQL-injection strings in every
// parameter (never a 500, never another user's data), XSS payloads through renderMarkdown, and the
// security headers that next.config.ts puts on every page.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db";
import { posts, postTags } from "@/db/schema";
import nextConfig from "@/next.config.base";
import { GET as listCategories } from "@/app/api/categories/route";
import { GET as listNotifications } from "@/app/api/notifications/route";
import { GET as getChangeLogs } from "@/app/api/posts/[id]/change-logs/route";
import { GET as listComments, POST as addComment } from "@/app/api/posts/[id]/comments/route";
import { POST as react } from "@/app/api/posts/[id]/reactions/route";
import { GET as getPost, PUT as editPost } from "@/app/api/posts/[id]/route";
import { GET as listRecent } from "@/app/api/posts/recent/route";
import { GET as listPosts, POST as createPost } from "@/app/api/posts/route";
import { GET as listTags } from "@/app/api/tags/route";
import { renderMarkdown } from "@/lib/markdown";
import { errorSchema } from "@/lib/validation/responses";
import { call, makeCategory, makeTag, makeUser, type TestUser } from "../helpers";

type Handler = Parameters<typeof call>[0];

const RUNS = 40;
const SQLI = [
  "1' OR '1'='1",
  "1; DROP TABLE posts; --",
  "' UNION SELECT id, email, password_hash FROM users --",
  "1)) OR ((1=1",
  "0x31",
  "1e999",
  "-1",
  "9999999999999999999999",
  "NaN",
  "null",
  "[]",
  "{}",
  "%00",
  "\u0000",
  "' OR pg_sleep(2) --",
  "$1",
  "1::int",
  "ALL' OR visible_scope = 'ONLY_ME",
  "\\'; select 1; --",
  "𝕏".repeat(300),
];
const XSS = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "[click](javascript:alert(1))",
  "[x](JaVaScRiPt:alert(1))",
  "[x](  javascript:alert(1))",
  "[x](java&#x09;script:alert(1))",
  "![x](javascript:alert(1))",
  '<a href="javascript:alert(1)">x</a>',
  "<svg onload=alert(1)>",
  '<iframe src="https://evil.example"></iframe>',
  "[x](vbscript:msgbox(1))",
  "[x](data:text/html;base64,PHNjcmlwdD4=)",
  "<details open ontoggle=alert(1)>",
  "<body onload=alert(1)>",
  "```html\n<script>alert(1)</script>\n```",
  "`<img src=x onerror=alert(1)>`",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  "<<script>script>alert(1)<</script>/script>",
  "<style>*{x:expression(alert(1))}</style>",
  '[a](https://ok.example "title" onmouseover=alert(1))',
  "@[<script>alert(1)</script>]",
  "<object data=javascript:alert(1)>",
  "<form action=javascript:alert(1)><button>x",
];

let author: TestUser;
let other: TestUser;
let postId: number;
let hiddenId: number;
let categoryId: number;
let tagId: number;

beforeAll(async () => {
  author = await makeUser();
  other = await makeUser();
  categoryId = (await makeCategory()).id;
  tagId = (await makeTag()).id;
  const [p] = await db
    .insert(posts)
    .values({ title: "public", content: "body", authorId: author.id, categoryId })
    .returning({ id: posts.id });
  const [h] = await db
    .insert(posts)
    .values({ title: "SECRET-TITLE", content: "SECRET-BODY", authorId: other.id, categoryId, visibleScope: "ONLY_ME" })
    .returning({ id: posts.id });
  postId = p!.id;
  hiddenId = h!.id;
  await db.insert(postTags).values([
    { postId, tagId },
    { postId: hiddenId, tagId },
  ]);
});

/** Every answer: not a 500, and an error status carries the docs/api.md §1 body. */
function assertSane(res: { status: number; body: unknown; text: string }, label: string) {
  expect(res.status, label).toBeLessThan(500);
  if (res.status >= 400) expect(errorSchema.safeParse(res.body).success, `${label}: ${res.text.slice(0, 200)}`).toBe(true);
  // What must never appear: the hidden post's text, a password hash, a stack frame or a database error.
  // (Not the SQL words themselves: a comment may legitimately contain and echo "SELECT … FROM users".)
  expect(res.text, label).not.toMatch(/SECRET-|\$2[aby]\$\d\d\$|at \w+ \(|syntax error at or near|PostgresError|violates .* constraint/i);
}

const qs = (params: Record<string, string>) => new URLSearchParams(params).toString();

describe("fuzzing query parameters (fast-check)", () => {
  const anyText = fc.oneof(fc.string(), fc.integer().map(String), fc.constantFrom(...SQLI), fc.double().map(String));
  const lists: [string, Handler, string, string[], boolean][] = [
    ["GET /api/posts", listPosts, "/api/posts", ["page", "pageSize", "categoryId", "categoryIds", "tagId", "tagIds"], false],
    ["GET /api/posts/recent", listRecent, "/api/posts/recent", ["minutes"], false],
    ["GET /api/tags", listTags, "/api/tags", ["keyword", "page", "pageSize"], false],
    ["GET /api/notifications", listNotifications, "/api/notifications", ["page", "size"], true],
    ["GET /api/posts/{id}/comments", listComments, `/api/posts/{id}/comments`, ["page", "pageSize"], false],
  ];
  for (const [name, handler, path, keys, signedIn] of lists) {
    it(`${name}: never a 500`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.dictionary(fc.constantFrom(...keys), anyText, { maxKeys: 4 }), async (params) => {
          const res = await call(handler, `${path.replace("{id}", String(postId))}?${qs(params)}`, {
            token: signedIn ? author.token : undefined,
            params: { id: String(postId) },
          });
          assertSane(res, `${name}?${qs(params)}`);
        }),
        { numRuns: RUNS },
      );
    });
  }

  it("path ids: garbage is a 400 or 404, never a 500 nor the hidden post", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.constantFrom(...SQLI, String(hiddenId))), async (id) => {
        for (const h of [getPost, getChangeLogs, listComments] as Handler[]) {
          const res = await call(h, `/api/posts/${encodeURIComponent(id)}`, { params: { id } });
          assertSane(res, `id=${JSON.stringify(id)}`);
          expect([400, 404].includes(res.status) || id === String(postId), `id=${id}`).toBe(true);
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe("fuzzing JSON bodies (fast-check)", () => {
  const value = fc.oneof(
    fc.string(),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 8 }),
    fc.constantFrom(...SQLI),
  );
  const bodies: [string, Handler, string, string[]][] = [
    ["POST /api/posts", createPost, "/api/posts", ["title", "content", "categoryId", "tagIds", "type", "visibleScope", "poll", "lottery"]],
    ["PUT /api/posts/{id}", editPost, `/api/posts/{id}`, ["title", "content", "categoryId", "tagIds", "visibleScope"]],
    ["POST /api/posts/{id}/comments", addComment, `/api/posts/{id}/comments`, ["content"]],
    ["POST /api/posts/{id}/reactions", react, `/api/posts/{id}/reactions`, ["type"]],
  ];
  for (const [name, handler, path, keys] of bodies) {
    it(`${name}: never a 500`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(fc.dictionary(fc.constantFrom(...keys), value), value), async (body) => {
          const res = await call(handler, path.replace("{id}", String(postId)), {
            method: name.split(" ")[0],
            token: author.token,
            body,
            params: { id: String(postId) },
          });
          assertSane(res, `${name} ${JSON.stringify(body).slice(0, 200)}`);
        }),
        { numRuns: RUNS },
      );
    });
  }

  it("malformed and oversized JSON: 400 / 413, never a 500", async () => {
    for (const rawBody of ["{", "nul", "\u0000", "[1,2", '{"title":"x"'.repeat(10)]) {
      const res = await call(createPost, "/api/posts", {
        method: "POST",
        token: author.token,
        rawBody,
        headers: { "content-type": "application/json" },
      });
      expect(res.status).toBe(400);
    }
    const big = JSON.stringify({ title: "x", content: "y".repeat(1024 * 1024 + 10), categoryId, tagIds: [tagId], type: "NORMAL" });
    const res = await call(createPost, "/api/posts", {
      method: "POST",
      token: author.token,
      rawBody: big,
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(413);
  });
});

describe("SQL injection strings in every parameter", () => {
  it("list filters and paging: 400 or an empty/visible-only list, never a leak", async () => {
    for (const s of SQLI) {
      for (const key of ["page", "pageSize", "categoryId", "categoryIds", "tagId", "tagIds"]) {
        const res = await call(listPosts, `/api/posts?${qs({ [key]: s })}`);
        assertSane(res, `${key}=${s}`);
      }
      const tags = await call(listTags, `/api/tags?${qs({ keyword: s })}`);
      assertSane(tags, `keyword=${s}`);
      const recent = await call(listRecent, `/api/posts/recent?${qs({ minutes: s })}`);
      assertSane(recent, `minutes=${s}`);
    }
  });

  it("stored as plain text: a title made of SQL is saved and read back verbatim", async () => {
    const title = "'); DELETE FROM posts; --";
    const before = await db.$count(posts);
    const res = await call(createPost, "/api/posts", {
      method: "POST",
      token: author.token,
      body: { title, content: "x", categoryId, tagIds: [tagId], type: "NORMAL" },
    });
    expect(res.status).toBe(201);
    expect(res.body.title).toBe(title);
    // Nothing was deleted: every earlier post is still there, plus the new one (read from the table,
    // not a list page, which the fuzzers above may have filled with their own posts).
    expect(await db.$count(posts)).toBe(before + 1);
    const publicPost = await call(getPost, `/api/posts/${postId}`, { params: { id: String(postId) } });
    expect(publicPost.status).toBe(200);
    const cats = await call(listCategories, "/api/categories");
    expect(cats.status).toBe(200);
  });
});

/** The live tags of an HTML string (escaped text such as `&lt;script&gt;` is harmless and not a tag). */
const liveTags = (html: string) => html.match(/<[a-z][^>]*>/gi) ?? [];
function xssProblems(html: string): string[] {
  const bad: string[] = [];
  for (const tag of liveTags(html)) {
    if (/^<(script|iframe|object|embed|svg|math|form|style|body|base|meta|link)\b/i.test(tag)) bad.push(`forbidden tag ${tag}`);
    if (/\son[a-z]+\s*=/i.test(tag)) bad.push(`event handler in ${tag}`);
    if (/\s(href|src|action|data|formaction)\s*=\s*["']?\s*(javascript|vbscript|data:text\/html)/i.test(tag))
      bad.push(`script URL in ${tag}`);
  }
  return bad;
}

describe("XSS payloads through renderMarkdown", () => {
  it.each(XSS)("%s", async (payload) => {
    expect(xssProblems(await renderMarkdown(payload))).toEqual([]);
  });

  it("property: random text around a payload never yields a live tag or handler", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string(),
        fc.constantFrom(...XSS),
        fc.string(),
        async (a, p, b) => xssProblems(await renderMarkdown(a + p + b)).length === 0,
      ),
      { numRuns: 200 },
    );
  });
});

describe("security headers on pages (next.config.ts headers())", () => {
  it("CSP with frame-ancestors, Referrer-Policy, nosniff on every path", async () => {
    const rules = await nextConfig.headers!();
    const all = rules.find((r) => r.source === "/:path*");
    expect(all, "a rule for every path").toBeDefined();
    const h = new Map(all!.headers.map((x) => [x.key.toLowerCase(), x.value]));
    // The page policy has its own rule (security-ledger-limits-csp.test.ts checks one CSP rule per path).
    const csp = rules.find((r) => r.source.startsWith("/((?!api/"))?.headers.find((x) => x.key === "Content-Security-Policy")?.value ?? "";
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).toMatch(/object-src 'none'/);
    expect(csp).toMatch(/base-uri 'self'/);
    expect(csp).not.toMatch(/script-src[^;]*\*/);
    expect(h.get("x-content-type-options")).toBe("nosniff");
    expect(h.get("referrer-policy")).toMatch(/strict-origin|no-referrer|same-origin/);
    expect(h.get("x-frame-options")).toBe("DENY");
    expect(nextConfig.poweredByHeader).toBe(false);
  });
});
