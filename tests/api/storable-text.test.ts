// Text the database cannot hold: a NUL (Postgres: 22021 "invalid byte sequence for encoding
// UTF8: 0x00") or an unpaired UTF-16 surrogate (the drivers silently store U+FFFD instead) in a path segment,
// a query parameter or anywhere in a JSON body of any endpoint is a 400 naming the field, never a 500 and never
// stored. The endpoints are every operation of the route index (app/api/openapi.json/route-index.ts, the list
// the OpenAPI document is built from), not a hand-picked few. Stored headers (the user agent of a session or
// token) are cleaned instead of refused.
import fc from "fast-check";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { db } from "@/db";
import { apiTokens, userSessions } from "@/db/schema";
import { ROUTE_MODULES } from "@/app/api/openapi.json/route-index";
import { GET as searchPosts } from "@/app/api/search/posts/route";
import type { DeclaredHandler } from "@/lib/api/route";
import { issueLoginToken } from "@/lib/services/auth/tokens";
import { serverText } from "@/lib/i18n/server-text";
import { errorSchema } from "@/lib/validation/responses";
import { makeUser, req, sessionCookie, type TestUser } from "../helpers";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Op = { method: (typeof METHODS)[number]; path: string; handler: DeclaredHandler };

const OPS: Op[] = ROUTE_MODULES.flatMap(({ path, module }) =>
  METHODS.flatMap((method) => {
    const handler = module[method] as DeclaredHandler | undefined;
    return handler?.spec ? [{ method, path, handler }] : [];
  }),
);

/** The keys of a zod object schema behind optional/pipe/default wrappers; [] for anything else. */
function keysOf(schema: z.ZodType | undefined): string[] {
  let def = (schema as unknown as { _zod?: { def: Record<string, unknown> } } | undefined)?._zod?.def;
  for (let i = 0; def && i < 20; i++) {
    if (def.type === "object") return Object.keys(def.shape as object);
    const next = (def.in ?? def.innerType) as { _zod: { def: Record<string, unknown> } } | undefined;
    def = next?._zod.def;
  }
  return [];
}

/** Text that cannot be stored: some ordinary text around a NUL, a lone high or a lone low surrogate. */
const BAD = fc
  .tuple(fc.string({ maxLength: 6 }), fc.constantFrom("\u0000", "\uD800", "\uDBFF", "\uDC00", "\uDFFF"), fc.string({ maxLength: 6 }))
  .map(([a, bad, b]) => a + bad + b);
/** In a URL only a NUL survives decoding (an encoded lone surrogate decodes to U+FFFD). */
const BAD_IN_URL = fc.tuple(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 })).map(([a, b]) => `${a}\u0000${b}`);

let admin: TestUser;

beforeAll(async () => {
  admin = await makeUser({ role: "ADMIN" });
});

const pathParams = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/** Calls an operation as the admin; a live stream's body is not waited for. */
async function send(op: Op, o: { params?: Record<string, string>; query?: string; body?: unknown }) {
  // A path parameter that names one of a few kinds gets a real one, so the body is what is checked.
  const sample: Record<string, string> = { kind: "icon", slug: "terms" };
  const params = Object.fromEntries(pathParams(op.path).map((p) => [p, o.params?.[p] ?? sample[p] ?? "1"]));
  const url = op.path.replace(/\{(\w+)\}/g, (_, p: string) => (o.params?.[p] !== undefined ? "x" : "1")) + (o.query ? `?${o.query}` : "");
  const request = req(url, {
    method: op.method,
    token: admin.token,
    ...(o.body !== undefined ? { body: o.body } : {}),
  });
  const res = await op.handler(request, { params: Promise.resolve(params) });
  if ((res.headers.get("content-type") ?? "").startsWith("text/event-stream")) {
    await res.body?.cancel();
    return { status: res.status, body: null, text: "(stream)" };
  }
  const text = await res.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, body, text };
}

function expectRefused(res: { status: number; body: unknown; text: string }, field: string, label: string) {
  expect(res.status, `${label}: ${res.text.slice(0, 300)}`).toBe(400);
  expect(errorSchema.safeParse(res.body).success, `${label}: the docs/api.md §1 body`).toBe(true);
  expect(res.body, label).toMatchObject({ code: "validation_failed", field });
}

const RUNS = 3;

describe("every operation of the route index refuses text the database cannot hold", () => {
  it("the route index is the whole API", () => {
    expect(OPS.length).toBeGreaterThan(150);
  });

  it("path segments: a 400 naming the segment", async () => {
    const withParams = OPS.filter((op) => pathParams(op.path).length);
    expect(withParams.length).toBeGreaterThan(50);
    for (const op of withParams) {
      for (const p of pathParams(op.path)) {
        await fc.assert(
          fc.asyncProperty(BAD, async (value) => {
            const label = `${op.method} ${op.path} ${p}=${JSON.stringify(value)}`;
            expectRefused(await send(op, { params: { [p]: value } }), p, label);
          }),
          { numRuns: RUNS },
        );
      }
    }
  });

  it("query parameters, declared or not: a 400 naming the parameter", async () => {
    for (const op of OPS) {
      const keys = [...keysOf(op.handler.spec.query), "unlisted"];
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...keys), BAD_IN_URL, async (key, value) => {
          const query = new URLSearchParams({ [key]: value }).toString();
          expectRefused(await send(op, { query }), key, `${op.method} ${op.path}?${query}`);
        }),
        { numRuns: RUNS },
      );
    }
  });

  it("JSON bodies, at any depth: a 400 naming the field's path", async () => {
    const withBody = OPS.filter((op) => op.handler.spec.body);
    expect(withBody.length).toBeGreaterThan(40);
    // Where the bad text sits under the field: the value itself, an array item, an object member.
    const placed = fc.oneof(
      BAD.map((s) => ({ value: s as unknown, under: "" })),
      fc.tuple(fc.string({ maxLength: 4 }), BAD).map(([ok, s]) => ({ value: [ok, s] as unknown, under: ".1" })),
      BAD.map((s) => ({ value: { text: s } as unknown, under: ".text" })),
    );
    for (const op of withBody) {
      const keys = [...keysOf(op.handler.spec.body), "unlisted"];
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...keys), placed, async (key, { value, under }) => {
          const label = `${op.method} ${op.path} ${JSON.stringify({ [key]: value })}`;
          expectRefused(await send(op, { body: { [key]: value } }), key + under, label);
        }),
        { numRuns: RUNS },
      );
    }
  });

  it("an object key that cannot be stored is refused too", async () => {
    const op = OPS.find((o) => o.method === "POST" && o.path === "/api/posts")!;
    expectRefused(await send(op, { body: { title: "t", poll: { "a\u0000": 1 } } }), "poll.a\u0000", "key");
  });

  it("GET /api/search/posts?keyword=a%00b: 400 naming keyword, in English and in Chinese", async () => {
    for (const [lang, locale] of [
      ["en", "en"],
      ["zh-CN,zh;q=0.9", "zh-CN"],
    ] as const) {
      const res = await searchPosts(req("/api/search/posts?keyword=a%00b", { headers: { "accept-language": lang } }), {
        params: Promise.resolve({}),
      });
      const body = await res.json();
      expect(res.status).toBe(400);
      expect(body).toMatchObject({ code: "validation_failed", field: "keyword" });
      expect(body.error).toContain(serverText(locale, "Errors.textNotStorable", { field: "keyword" }));
    }
  });
});

describe("stored headers are cleaned, not refused", () => {
  it("a session's and a token's user agent lose their NUL; a pair cut at the length limit becomes U+FFFD", async () => {
    const u = await makeUser();
    const { sessionId } = await sessionCookie(u.id, { userAgent: "Mozilla/5.0\u0000 (X11)" });
    const [s] = await db.select({ ua: userSessions.userAgent }).from(userSessions).where(eq(userSessions.id, sessionId));
    expect(s!.ua).toBe("Mozilla/5.0 (X11)");

    // 299 characters, then an emoji (a surrogate pair) cut in half by the 300-character limit.
    const t = await issueLoginToken(db, u.id, `${"a".repeat(299)}😀 tail\u0000`);
    const [row] = await db.select({ ua: apiTokens.userAgent }).from(apiTokens).where(eq(apiTokens.id, t.id));
    expect(row!.ua).toBe(`${"a".repeat(299)}\uFFFD`);
  });
});
