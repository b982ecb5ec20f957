import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AppError, badRequest, fromZod, msg, notFound, suspended } from "@/lib/errors";
import { errorBody } from "@/lib/api/errors";
import { hasServerKey } from "@/lib/i18n/server-text";
import { validationKeyOf } from "@/lib/validation/localize";
import { z } from "zod";

/**
 * every error the API answers is written from a catalog key, so it can be said in each
 * language. A literal message at a throw site (an AppError or one of its helpers given a string)
 * fails here, as does a key missing from messages/en/server.json, and a validation message in
 * lib/validation that has no `Validation` key.
 */
const root = path.resolve(__dirname, "../..");

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(path.join(root, dir))) {
    const rel = path.join(dir, name);
    if (statSync(path.join(root, rel)).isDirectory()) sources(rel, out);
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts")) out.push(rel);
  }
  return out;
}

const files = [...sources("lib"), ...sources("app")].map((f) => ({ f, s: readFileSync(path.join(root, f), "utf8") }));
// The helpers that build an AppError from their first argument (lib/errors.ts, lib/ssrf.ts, lib/image.ts…).
const HELPERS =
  /\b(badRequest|forbidden|notFound|conflict|unauthorized|insufficientPoints|notAllowed|fetchFailed|unsupported|refuse|invalid)\(\s*["'`]/g;
// A string anywhere else does not type-check (AppError takes a Msg); a literal or a zod text is caught here.
const NEW_APP_ERROR = /new AppError\(\s*"[a-z_]+",\s*(["'`]|\{\s*zodText)/g;

describe("error messages are catalog keys", () => {
  it("no throw site gives a literal message", () => {
    const literal: string[] = [];
    for (const { f, s } of files) {
      if (f === "lib/errors.ts") continue;
      for (const re of [HELPERS, NEW_APP_ERROR]) {
        for (const m of s.matchAll(re)) {
          // A page's notFound() from next/navigation takes no message; only ours take one.
          const line = s.slice(0, m.index).split("\n").length;
          literal.push(`${f}:${line}: ${m[0]}`);
        }
      }
    }
    expect(literal).toEqual([]);
  });

  it("every msg() key is in the English catalog", () => {
    const missing: string[] = [];
    for (const { f, s } of files) {
      for (const m of s.matchAll(/\bmsg\(\s*"([A-Za-z0-9]+)"/g)) if (!hasServerKey(`Errors.${m[1]}`)) missing.push(`${f}: ${m[1]}`);
    }
    expect(missing).toEqual([]);
  });

  it("every validation message written in lib/validation has a Validation key", () => {
    const MESSAGE =
      /(?:\.(?:min|max|regex|refine|int|positive|length|nonnegative|gte|lte|lt|gt)\((?:[^()"`]|\((?:[^()]|\([^()]*\))*\))*?,\s*|\.(?:int|positive|nonnegative)\(|(?:error|message):\s*)("([^"\\]*)"|`([^`]*)`)/g;
    const unkeyed: string[] = [];
    let seen = 0;
    for (const { f, s } of files) {
      if (!f.startsWith("lib/validation/") || f.endsWith("localize.ts")) continue;
      for (const m of s.matchAll(MESSAGE)) {
        // A template's `${…}` parts read as a number, the way they print.
        const text = (m[2] ?? m[3]!).replace(/\$\{[^}]*\}/g, "7");
        seen++;
        if (!validationKeyOf(text)) unkeyed.push(`${f}: ${text}`);
      }
    }
    expect(seen).toBeGreaterThan(100);
    expect(unkeyed).toEqual([]);
  });

  it("the edge answers a keyed error in Chinese and English; a string is no message", () => {
    const keyed = notFound(msg("userNotFound"));
    expect(errorBody(keyed, "en")).toEqual({ error: "User not found", code: "not_found" });
    expect(errorBody(keyed, "zh-CN")).toEqual({ error: "找不到该用户", code: "not_found" });
    const withField = badRequest(msg("imageMaxBytes", { max: 100 }), "file");
    expect(errorBody(withField, "zh-CN")).toEqual({
      error: "图片最大为 100 字节",
      code: "validation_failed",
      field: "file",
      issues: [{ path: ["file"], message: "图片最大为 100 字节" }],
    });
    // A plain string is not a message (a type error); the edge gets nothing it cannot say in Chinese.
    // @ts-expect-error AppError takes a Msg
    expect(() => new AppError("conflict", "Something odd")).toThrow();
  });

  it("says a suspension's end in the reader's language (Intl for Chinese), `until` unchanged", () => {
    const until = new Date(Date.now() + 7 * 86_400_000 + 60_000).toISOString();
    const e = suspended(until);
    expect(errorBody(e, "en")).toMatchObject({ code: "suspended", until });
    expect(errorBody(e, "en").error).toMatch(
      /^Your account is suspended until \d+ [A-Z][a-z]+ \d{4} \(in 7 days\); you can read, but not write$/,
    );
    expect(errorBody(e, "zh-CN")).toMatchObject({ code: "suspended", until });
    expect(errorBody(e, "zh-CN").error).toMatch(/^你的账号已被封禁至 \d{4}年\d{1,2}月\d{1,2}日（7天后）；你可以浏览，但不能发言$/);
  });

  it("zod's own messages and ours are translated, paths and fields unchanged", () => {
    const schema = z.object({ title: z.string().max(3, "at most 3 characters"), n: z.number() });
    const parsed = schema.safeParse({ title: "abcd", n: "x" });
    const err = fromZod(parsed.error!);
    const en = errorBody(err, "en") as { error: string; issues: { path: unknown[]; message: string }[] };
    const zh = errorBody(err, "zh-CN") as typeof en;
    expect(en.error).toBe("title: at most 3 characters");
    expect(zh.error).toBe("title：最多 3 个字符");
    expect(zh.issues.map((i) => i.path)).toEqual(en.issues.map((i) => i.path));
    expect(en.issues[1]!.message).toBe("Invalid input: expected number, received string");
    expect(zh.issues[1]!.message).toBe("无效输入：期望 数字，实际接收 string");
  });
});
