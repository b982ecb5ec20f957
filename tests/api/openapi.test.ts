import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { GET as openapiJson } from "@/app/api/openapi.json/route";
import { GET as listPosts, POST as createPost } from "@/app/api/posts/route";
import { PUT as updatePost } from "@/app/api/posts/[id]/route";
import { GET as recentPosts } from "@/app/api/posts/recent/route";
import { GET as changeLogs } from "@/app/api/posts/[id]/change-logs/route";
import { POST as createComment } from "@/app/api/posts/[id]/comments/route";
import { GET as listCategories } from "@/app/api/categories/route";
import { GET as listNotifications } from "@/app/api/notifications/route";
import { GET as pointGoods } from "@/app/api/point-goods/route";
import { POST as createGood } from "@/app/api/admin/point-goods/route";
import { buildOpenApiDocument, type OpenApiDocument } from "@/app/api/openapi.json/openapi";
import { validateWithDocument } from "./openapi-validate";
import { categorySchema, changeLogSchema, notificationSchema, pointGoodSchema, postSchema } from "@/lib/validation/responses";
import { call, makeCategory, makeTag, makeUser } from "../helpers";

type JsonSchema = Record<string, unknown>;

/** The 200 response schema of an operation in the document. */
function responseSchema(doc: OpenApiDocument, p: string, method: string, status = "200"): JsonSchema {
  const op = doc.paths[p]?.[method] as { responses: Record<string, { content: Record<string, { schema: JsonSchema }> }> } | undefined;
  expect(op, `${method} ${p} documented`).toBeDefined();
  return op!.responses[status]!.content["application/json"]!.schema;
}

/** Valid bodies for the role-restricted operations that need one. */
const EXAMPLES: Record<string, unknown> = {
  "/api/categories": { name: "c", description: "d" },
  "/api/categories/{id}": { name: "c2" },
  "/api/categories/order": { ids: [1] },
  "/api/tags/{id}/merge": { intoId: 1 },
  "/api/tags/{id}": { name: "t2" },
  "/api/admin/config": { publishMode: "DIRECT" },
  "/api/admin/backups/schedule": { frequency: "daily", keep: 7 },
  "/api/admin/groups": { name: "g1" },
  "/api/admin/screened-emails": { domain: "spam.example", action: "BLOCK" },
  "/api/admin/screened-ips": { cidr: "203.0.113.0/24", action: "BLOCK" },
  "/api/admin/watched-words": { word: "spamword", action: "BLOCK" },
  "/api/admin/groups/{id}/members": { username: "nobody" },
  "/api/admin/legal/{slug}": { markdown: "# Terms" },
  "/api/admin/users/{id}/account": { content: "keep" },
  "/api/admin/users/{id}/silence": { reason: "matrix" },
  "/api/admin/groups/{id}": { name: "g2" },
  "/api/admin/categories/{id}/permissions": { see: ["everyone"], post: ["members"], reply: ["members"] },
  "/api/admin/categories/{id}/moderators": { groupIds: [] },
  "/api/admin/config/images/{kind}": { file: "aGVsbG8=" },
  "/api/admin/point-goods": { name: "Mug", cost: 10, image: "", description: "a mug" },
  "/api/admin/point-goods/{id}": { cost: 11 },
  "/api/admin/flags/{id}/resolve": { action: "DISMISS" },
  "/api/admin/users/{id}/suspend": { until: "2999-01-01T00:00:00Z", reason: "test" },
  "/api/admin/users/{id}/role": { role: "USER" },
  "/api/posts/{id}/slow-mode": { seconds: 30 },
};

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === "route.ts" ? [full] : [];
  });
}

describe("GET /api/openapi.json", () => {
  it("serves a valid OpenAPI 3.1 document with a bearer scheme and the Error schema", async () => {
    const r = await call(openapiJson, "/api/openapi.json");
    expect(r.status).toBe(200);
    const doc = r.body as OpenApiDocument;
    expect(doc.openapi).toBe("3.1.0");
    const res = await new Validator().validate(structuredClone(doc) as never);
    expect(res.errors ?? []).toEqual([]);
    expect(res.valid).toBe(true);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    for (const id of [
      "Post",
      "Comment",
      "Category",
      "Tag",
      "Reaction",
      "Poll",
      "Lottery",
      "Notification",
      "PostChangeLog",
      "PointGood",
      "UserSummary",
      "Error",
    ]) {
      expect(doc.components.schemas[id], id).toBeDefined();
    }
    expect(doc.components.schemas.Error).toMatchObject({ required: ["error", "code"] });
    expect(r.text).not.toContain("__shared");
    // every $ref resolves
    const refs = [...r.text.matchAll(/"\$ref":"#\/components\/(schemas|responses)\/([^"]+)"/g)];
    expect(refs.length).toBeGreaterThan(50);
    for (const [, kind, id] of refs)
      expect((doc.components as Record<string, Record<string, unknown>>)[kind!]![id!], `${kind}/${id}`).toBeDefined();
  });

  it("documents the interface's operations with their parameters, bodies and errors", () => {
    const doc = buildOpenApiDocument();
    const params = (p: string, m: string) =>
      (doc.paths[p]![m] as { parameters?: { name: string; in: string; required: boolean }[] }).parameters ?? [];
    expect(params("/api/posts", "get").map((x) => x.name)).toEqual(["categoryId", "categoryIds", "tagId", "tagIds", "page", "pageSize"]);
    expect(params("/api/posts/recent", "get")).toEqual([expect.objectContaining({ name: "minutes", in: "query", required: true })]);
    expect(params("/api/posts/{id}/change-logs", "get")).toEqual([expect.objectContaining({ name: "id", in: "path", required: true })]);
    expect(params("/api/notifications", "get").map((x) => x.name)).toEqual(["page", "size"]);
    const notif = doc.paths["/api/notifications"]!.get as { security: unknown[]; responses: Record<string, unknown> };
    expect(notif.security).toEqual([{ bearerAuth: [] }, { cookieAuth: [] }]);
    expect(notif.responses["401"]).toEqual({ $ref: "#/components/responses/Unauthorized" });
    const createCat = doc.paths["/api/categories"]!.post as {
      requestBody: { content: Record<string, { schema: { $ref: string } }> };
      responses: Record<string, unknown>;
    };
    const bodyRef = createCat.requestBody.content["application/json"]!.schema.$ref.split("/").pop()!;
    expect(doc.components.schemas[bodyRef]).toMatchObject({ required: ["name"] });
    expect(Object.keys(createCat.responses)).toEqual(expect.arrayContaining(["201", "400", "401", "403", "409"]));
    const upload = doc.paths["/api/upload"]!.post as {
      responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
    };
    expect(doc.components.schemas[upload.responses["201"]!.content!["application/json"]!.schema.$ref!.split("/").pop()!]).toMatchObject({
      type: "string",
    });
    expect(doc.paths["/api/upload/url"]?.post).toBeDefined();
    expect(doc.paths["/api/point-goods"]?.get).toBeDefined();
  });

  it("declares the codes a client acts on: sso_only on the sign-in routes, the two-factor step on login", () => {
    const doc = buildOpenApiDocument();
    type Coded = {
      description: string;
      content: Record<string, { schema: { allOf: JsonSchema[] }; examples: Record<string, { value: { code: string } }> }>;
    };
    const coded = (p: string, status: string) => (doc.paths[p]!.post as { responses: Record<string, Coded> }).responses[status]!;
    const codes = (r: Coded) => Object.values(r.content["application/json"]!.examples).map((e) => e.value.code);
    const login403 = coded("/api/auth/login", "403");
    expect(codes(login403)).toEqual(["sso_only"]);
    expect(login403.description).toMatch(/`sso_only`: password sign-in is off/);
    expect(login403.content["application/json"]!.schema.allOf[0]).toEqual({ $ref: "#/components/schemas/Error" });
    expect(login403.content["application/json"]!.schema.allOf[1]).toMatchObject({ properties: { code: { enum: ["sso_only"] } } });
    expect(codes(coded("/api/auth/login", "401"))).toEqual(["unauthorized", "two_factor_required", "two_factor_invalid"]);
    expect(codes(coded("/api/auth/register", "403"))).toEqual(["sso_only", "registration_closed"]);
  });

  it("is generated from the route declarations: the route index is current and every handler is declared", async () => {
    const { routeIndexSource } = (await import("../../scripts/route-index.mjs")) as { routeIndexSource: () => string };
    expect(readFileSync("app/api/openapi.json/route-index.ts", "utf8"), "run npm run gen:routes").toBe(routeIndexSource());
    const { ROUTE_MODULES } = await import("@/app/api/openapi.json/route-index");
    const { collectOperations } = await import("@/app/api/openapi.json/openapi");
    let handlers = 0;
    for (const { path: p, module } of ROUTE_MODULES) {
      for (const m of ["GET", "POST", "PUT", "DELETE", "PATCH"]) {
        const h = module[m] as { spec?: { summary: string; tag: string } } | undefined;
        if (!h) continue;
        handlers++;
        expect(h.spec?.summary, `${m} ${p}`).toBeTruthy();
      }
    }
    expect(handlers).toBeGreaterThan(80);
    // One operation per declared handler, plus the document itself.
    expect(collectOperations()).toHaveLength(handlers + 1);
  });

  it("every declared role is enforced by the service behind it (a member gets 403, or 404 for a hidden target)", async () => {
    const { ROUTE_MODULES } = await import("@/app/api/openapi.json/route-index");
    const member = await makeUser();
    const checked: string[] = [];
    for (const { path: p, module } of ROUTE_MODULES) {
      for (const m of ["GET", "POST", "PUT", "DELETE"]) {
        type Declared = ((req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>) & {
          spec?: { role?: string; body?: z.ZodType; bodyOptional?: boolean };
        };
        const h = module[m] as Declared | undefined;
        if (!h?.spec?.role) continue;
        // A body the schema accepts, where one is needed, so that the service is reached.
        const body = !h.spec.body || h.spec.bodyOptional ? undefined : EXAMPLES[p];
        if (h.spec.body && !h.spec.bodyOptional) expect(body, `example body for ${m} ${p}`).toBeDefined();
        const r = await call(h, p.replace(/\{\w+\}/g, "999999"), {
          method: m,
          token: member.token,
          params: { id: "999999" },
          body,
        });
        expect([403, 404], `${m} ${p}: ${r.status} ${r.text}`).toContain(r.status);
        checked.push(`${m} ${p}`);
      }
    }
    expect(checked.length).toBeGreaterThan(15);
  });

  it("has an operation for every exported handler under app/api", () => {
    const doc = buildOpenApiDocument();
    const root = path.resolve("app/api");
    const missing: string[] = [];
    for (const file of routeFiles(root)) {
      const rel = path.relative(root, path.dirname(file)).split(path.sep).join("/");
      if (rel.startsWith("auth/[...")) continue; // Auth.js's own browser endpoints
      const p = `/api/${rel}`.replace(/\[(\w+)\]/g, "{$1}");
      const src = readFileSync(file, "utf8");
      for (const m of src.matchAll(/export\s+(?:const|async function|function)\s+(GET|POST|PUT|DELETE|PATCH)\b/g)) {
        if (!doc.paths[p]?.[m[1]!.toLowerCase()]) missing.push(`${m[1]} ${p}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe("/api-docs page", () => {
  it("renders every operation grouped by tag, with parameters, schemas and the bearer scheme", async () => {
    const { renderToStaticMarkup } = await import("react-dom/server");
    const { createElement } = await import("react");
    const { NextIntlClientProvider } = await import("next-intl");
    const { loadMessages } = await import("@/lib/i18n/catalogs");
    const { default: ApiDocsPage } = await import("@/app/(forum)/api-docs/page");
    // The page's own words come from the catalogs (English here), as in a render of the site.
    const messages = await loadMessages("en");
    const html = renderToStaticMarkup(
      createElement(NextIntlClientProvider, { locale: "en", messages, timeZone: "UTC", children: createElement(ApiDocsPage) }),
    );
    const doc = buildOpenApiDocument();
    const opCount = Object.values(doc.paths).reduce((n, m) => n + Object.keys(m).length, 0);
    expect(html.match(/<section id="(get|post|put|delete)[A-Z]/g)).toHaveLength(opCount);
    for (const tag of ["Posts", "Notifications", "Categories and tags", "Uploads"]) expect(html).toContain(`>${tag}</h2>`);
    expect(html).toContain("Authorization: Bearer");
    expect(html).toContain('id="schema-Post"');
    expect(html).toContain('id="getPostsRecent"');
    expect(html).toMatch(/minutes<\/td>/);
    expect(html).not.toMatch(/<script[^>]+src="http/);
  });
});

describe("real responses validate against the document's schemas", () => {
  it("posts, recent, change logs, categories, notifications, point goods", async () => {
    const doc = buildOpenApiDocument();
    const check = (p: string, method: string, body: unknown, status = "200") => {
      const problems = validateWithDocument(doc, responseSchema(doc, p, method, status), body);
      expect(problems, `${method} ${p}`).toEqual([]);
    };
    const author = await makeUser({ point: 100 });
    const commenter = await makeUser();
    const admin = await makeUser({ role: "ADMIN" });
    const cat = await makeCategory("Docs");
    const tag = await makeTag("openapi");
    const tag2 = await makeTag("zod");

    const created = await call(createPost, "/api/posts", {
      token: author.token,
      body: { title: "Spec", content: "Hello @" + commenter.username, categoryId: cat.id, tagIds: [tag.id] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    check("/api/posts", "post", created.body, "201");
    const poll = await call(createPost, "/api/posts", {
      token: author.token,
      body: {
        title: "Poll",
        content: "Vote",
        categoryId: cat.id,
        tagIds: [tag2.id],
        type: "POLL",
        poll: { options: ["a", "b"], multiple: false, endTime: new Date(Date.now() + 86_400_000).toISOString() },
      },
    });
    expect(poll.status, JSON.stringify(poll.body)).toBe(201);
    const id = created.body.id as number;
    const edited = await call(updatePost, `/api/posts/${id}`, {
      method: "PUT",
      token: author.token,
      params: { id: String(id) },
      body: { title: "Spec v2", tagIds: [tag.id, tag2.id] },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const comment = await call(createComment, `/api/posts/${id}/comments`, {
      token: commenter.token,
      params: { id: String(id) },
      body: { content: "nice" },
    });
    expect(comment.status, JSON.stringify(comment.body)).toBe(201);
    const good = await call(createGood, "/api/admin/point-goods", {
      token: admin.token,
      body: { name: "Mug", cost: 10, image: "", description: "a mug" },
    });
    expect(good.status, JSON.stringify(good.body)).toBe(201);

    const posts = await call(listPosts, "/api/posts", { token: commenter.token });
    expect(posts.body.length).toBeGreaterThanOrEqual(2);
    z.array(postSchema).parse(posts.body);
    check("/api/posts", "get", posts.body);

    const recent = await call(recentPosts, "/api/posts/recent?minutes=60");
    expect(recent.body.length).toBeGreaterThanOrEqual(2);
    z.array(postSchema).parse(recent.body);
    check("/api/posts/recent", "get", recent.body);

    const logs = await call(changeLogs, `/api/posts/${id}/change-logs`, { params: { id: String(id) } });
    expect(logs.body.length).toBeGreaterThanOrEqual(2);
    z.array(changeLogSchema).parse(logs.body);
    check("/api/posts/{id}/change-logs", "get", logs.body);

    const cats = await call(listCategories, "/api/categories");
    z.array(categorySchema).parse(cats.body);
    check("/api/categories", "get", cats.body);

    const notes = await call(listNotifications, "/api/notifications", { token: author.token });
    expect(notes.body.length).toBeGreaterThanOrEqual(1);
    z.array(notificationSchema).parse(notes.body);
    check("/api/notifications", "get", notes.body);

    const goods = await call(pointGoods, "/api/point-goods");
    expect(goods.body.length).toBe(1);
    z.array(pointGoodSchema).parse(goods.body);
    check("/api/point-goods", "get", goods.body);

    // the check is not vacuous: a missing field or a wrong type is reported
    const broken = structuredClone(posts.body[0]);
    delete broken.author;
    broken.views = "many";
    const problems = validateWithDocument(doc, { $ref: "#/components/schemas/Post" }, broken);
    expect(problems.join("\n")).toMatch(/missing required author/);
    expect(problems.join("\n")).toMatch(/\$\.views: expected integer/);
  });
});
