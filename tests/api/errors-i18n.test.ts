import { beforeAll, describe, expect, it } from "vitest";
import { GET as listPosts, POST as createPost } from "@/app/api/posts/route";
import { GET as getPost } from "@/app/api/posts/[id]/route";
import { GET as me } from "@/app/api/users/me/route";
import { GET as adminConfig } from "@/app/api/admin/config/route";
import { POST as createTag } from "@/app/api/tags/route";
import { POST as register } from "@/app/api/auth/register/route";
import { peerHeaders } from "@/lib/api/client-ip";
import { errorSchema } from "@/lib/validation/responses";
import { eq } from "drizzle-orm";
import { db } from "@/db";
import { users } from "@/db/schema";
import { call, makeCategory, makeTag, makeUser, setRateLimits } from "../helpers";

// One registration per address in this file, so that the second one is a 429.
beforeAll(() => setRateLimits({ register: { limit: 1 } }));

/**
 * API errors in the caller's language: the `lang` cookie, then Accept-Language, then
 * English. Only `error` and the issues' messages change; `code`, `field`, issue paths and the status
 * stay what they are, and English stays word for word what it was.
 */
const ZH = { "accept-language": "zh-CN,zh;q=0.9,en;q=0.5" };
const ZH_COOKIE = { cookie: "lang=zh-CN", "accept-language": "en-US,en;q=0.9" };
const EN = { "accept-language": "en-GB" };

describe("a validation error in three languages' requests", () => {
  it("answers a too long title in Chinese for Accept-Language or the lang cookie, in the same English as before otherwise", async () => {
    const u = await makeUser();
    const category = (await makeCategory()).id;
    const tag = (await makeTag()).id;
    const send = (headers?: Record<string, string>) =>
      call(createPost, "/api/posts", {
        token: u.token,
        headers,
        body: { title: "x".repeat(201), content: "body", categoryId: category, tagIds: [tag] },
      });

    const english = {
      error: "title: at most 200 characters",
      code: "validation_failed",
      field: "title",
      issues: [{ path: ["title"], message: "at most 200 characters" }],
    };
    for (const headers of [undefined, EN, { cookie: "lang=en", "accept-language": "zh-CN" }]) {
      const r = await send(headers);
      expect(r.status).toBe(400);
      expect(r.body).toEqual(english);
    }
    const chinese = { ...english, error: "title：最多 200 个字符", issues: [{ path: ["title"], message: "最多 200 个字符" }] };
    for (const headers of [ZH, ZH_COOKIE, { "accept-language": "zh" }]) {
      const r = await send(headers);
      expect(r.status).toBe(400);
      expect(errorSchema.parse(r.body)).toEqual(chinese);
    }
  });

  it("fills the ICU arguments of a query parameter's range, and of zod's own messages", async () => {
    const r = await call(listPosts, "/api/posts?pageSize=500", { headers: ZH });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: "validation_failed", field: "pageSize", error: "pageSize：必须在 1 到 100 之间" });
    const en = await call(listPosts, "/api/posts?pageSize=500");
    expect(en.body).toMatchObject({ code: "validation_failed", field: "pageSize", error: "pageSize: must be between 1 and 100" });

    // A body field of the wrong type: zod's English message, and zod's Chinese one.
    const u = await makeUser();
    const wrongType = (headers?: Record<string, string>) =>
      call(createPost, "/api/posts", { token: u.token, headers, body: { title: 5, content: "body", categoryId: 1 } });
    const a = await wrongType();
    const b = await wrongType(ZH);
    expect(a.body.field).toBe("title");
    expect(a.body.error).toBe("title: Invalid input: expected string, received number");
    expect(b.body).toMatchObject({ field: "title", code: "validation_failed", error: "title：无效输入：期望 string，实际接收 数字" });
    expect(b.body.issues.map((i: { path: unknown }) => i.path)).toEqual(a.body.issues.map((i: { path: unknown }) => i.path));
  });
});

describe("a signed-in member's saved language", () => {
  it("comes before the request's headers, for a token client as for the browser", async () => {
    const saved = await makeUser();
    await db.update(users).set({ locale: "zh-CN" }).where(eq(users.id, saved.id));
    const other = await makeUser();
    const missing = (token: string, headers?: Record<string, string>) =>
      call(getPost, "/api/posts/987655", { token, headers, params: { id: "987655" } });
    expect((await missing(saved.token)).body).toEqual({ error: "找不到该帖子", code: "not_found" });
    expect((await missing(saved.token, EN)).body.error).toBe("找不到该帖子");
    expect((await missing(other.token)).body.error).toBe("Post not found");
    expect((await missing(other.token, ZH)).body.error).toBe("找不到该帖子");
  });
});

describe("each status in Chinese, the same code and status as in English", () => {
  const both = async (send: (headers?: Record<string, string>) => Promise<{ status: number; body: any; headers: Headers }>) => {
    const en = await send();
    const zh = await send(ZH);
    expect(zh.status).toBe(en.status);
    expect(zh.body.code).toBe(en.body.code);
    expect(zh.body.field).toBe(en.body.field);
    return { en, zh };
  };

  it("401 unauthorized", async () => {
    const { en, zh } = await both((headers) => call(me, "/api/users/me", { headers }));
    expect(en.status).toBe(401);
    expect(en.body).toEqual({ error: "Authentication required", code: "unauthorized" });
    expect(zh.body).toEqual({ error: "需要登录", code: "unauthorized" });
  });

  it("403 forbidden", async () => {
    const member = await makeUser();
    const { en, zh } = await both((headers) => call(adminConfig, "/api/admin/config", { token: member.token, headers }));
    expect(en.status).toBe(403);
    expect(en.body).toEqual({ error: "You are not allowed to do this", code: "forbidden" });
    expect(zh.body).toEqual({ error: "你无权执行此操作", code: "forbidden" });
  });

  it("404 not found", async () => {
    const { en, zh } = await both((headers) => call(getPost, "/api/posts/987654", { headers, params: { id: "987654" } }));
    expect(en.status).toBe(404);
    expect(en.body).toEqual({ error: "Post not found", code: "not_found" });
    expect(zh.body).toEqual({ error: "找不到该帖子", code: "not_found" });
  });

  it("409 conflict", async () => {
    const admin = await makeUser({ role: "ADMIN" });
    await makeTag("duplicate-me");
    const { en, zh } = await both((headers) =>
      call(createTag, "/api/tags", { token: admin.token, headers, body: { name: "duplicate-me", description: "again" } }),
    );
    expect(en.status).toBe(409);
    expect(en.body.error).toBe("A tag with this name already exists");
    expect(zh.body.error).toBe("已存在同名标签");
  });

  it("429 rate limited, with its seconds in the sentence and the same headers", async () => {
    const signUp = (n: string, headers?: Record<string, string>) =>
      call(register, "/api/auth/register", {
        method: "POST",
        headers: { ...peerHeaders("203.0.113.77"), ...headers },
        body: { username: `limited${n}`, email: `limited${n}@example.test`, password: "password-1" },
      });
    expect((await signUp("a")).status).toBe(201);
    const en = await signUp("b");
    const zh = await signUp("c", ZH);
    for (const r of [en, zh]) {
      expect(r.status).toBe(429);
      expect(r.body.code).toBe("rate_limited");
      expect(r.headers.get("ratelimit-limit")).toBe("1");
    }
    expect(en.body.error).toMatch(/^Too many requests, try again in \d+ s$/);
    expect(zh.body.error).toMatch(/^请求过于频繁，请 \d+ 秒后再试$/);
  });
});
