import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db";
import { users } from "@/db/schema";
import { GET as me, PUT as updateMe } from "@/app/api/users/me/route";
import { savedLocale } from "@/lib/services/users/locale";
import { errorSchema, meSchema } from "@/lib/validation/responses";
import { BASE, call, makeUser, sessionCookie } from "../helpers";

// The member's saved interface language: PUT /api/users/me { locale }.
const put = (token: string | undefined, body: unknown, headers?: Record<string, string>) =>
  call(updateMe, "/api/users/me", { method: "PUT", token, body, headers });

const row = async (id: number) =>
  (await db.select({ locale: users.locale, introduction: users.introduction }).from(users).where(eq(users.id, id)))[0]!;

describe("the saved language preference", () => {
  it("stores zh-CN, answers with the lang cookie for a year, and GET /api/users/me shows it", async () => {
    const u = await makeUser();
    expect((await call(me, "/api/users/me", { token: u.token })).body.locale).toBeNull();
    const r = await put(u.token, { locale: "zh-CN" });
    expect(r.status).toBe(200);
    expect(meSchema.parse(r.body).locale).toBe("zh-CN");
    const cookie = r.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^lang=zh-CN;/);
    expect(cookie).toContain(`Max-Age=${365 * 24 * 3600}`);
    expect(cookie).toContain("Path=/");
    expect((await row(u.id)).locale).toBe("zh-CN");
    expect(await savedLocale(u.id)).toBe("zh-CN");
    expect((await call(me, "/api/users/me", { token: u.token })).body.locale).toBe("zh-CN");
  });

  it("saves from the settings page's session cookie too, and null forgets it (the cookie is cleared)", async () => {
    const u = await makeUser();
    const { cookie } = await sessionCookie(u.id);
    const saved = await put(undefined, { locale: "zh-CN" }, { cookie, origin: BASE });
    expect(saved.status).toBe(200);
    expect(saved.headers.get("set-cookie")).toMatch(/^lang=zh-CN;/);
    const en = await put(undefined, { locale: "en" }, { cookie, origin: BASE });
    expect(en.headers.get("set-cookie")).toMatch(/^lang=en;/);
    expect((await row(u.id)).locale).toBe("en");
    const cleared = await put(u.token, { locale: null });
    expect(cleared.status).toBe(200);
    expect(cleared.headers.get("set-cookie")).toMatch(/^lang=; Max-Age=0;/);
    expect((await row(u.id)).locale).toBeNull();
  });

  it("leaves the language and its cookie alone when the body does not name it", async () => {
    const u = await makeUser();
    await put(u.token, { locale: "zh-CN" });
    const r = await put(u.token, { introduction: "你好" });
    expect(r.status).toBe(200);
    expect(r.headers.get("set-cookie")).toBeNull();
    expect(await row(u.id)).toEqual({ locale: "zh-CN", introduction: "你好" });
  });

  it("refuses a language it does not offer with a 400 validation error on locale, and changes nothing", async () => {
    const u = await makeUser();
    await put(u.token, { locale: "zh-CN", introduction: "before" });
    for (const locale of ["fr", "zh-TW", "ZH-CN", "", 7]) {
      const r = await put(u.token, { locale, introduction: "after" });
      expect(r.status).toBe(400);
      const body = errorSchema.parse(r.body);
      expect(body.code).toBe("validation_failed");
      expect(body.issues?.some((i) => i.path.join(".") === "locale")).toBe(true);
      expect(r.headers.get("set-cookie")).toBeNull();
    }
    expect(await row(u.id)).toEqual({ locale: "zh-CN", introduction: "before" });
  });

  it("answers 401 to an anonymous caller, and no other member's language changes", async () => {
    const other = await makeUser();
    const r = await put(undefined, { locale: "zh-CN" });
    expect(r.status).toBe(401);
    expect(errorSchema.parse(r.body).code).toBe("unauthorized");
    expect(r.headers.get("set-cookie")).toBeNull();
    expect((await row(other.id)).locale).toBeNull();
  });

  it("the database refuses a language outside the list (users_locale_check)", async () => {
    const u = await makeUser();
    await expect(
      db
        .update(users)
        .set({ locale: "fr" as "en" })
        .where(eq(users.id, u.id)),
    ).rejects.toThrow();
    expect((await row(u.id)).locale).toBeNull();
  });
});
