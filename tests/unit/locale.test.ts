import { describe, expect, it } from "vitest";
import { localeFromAcceptLanguage, localeFromCookieHeader, matchLocale, resolveLocale } from "@/lib/i18n/locale";

describe("interface language of a request", () => {
  it("matches language tags to English or Simplified Chinese", () => {
    expect(matchLocale("en-US")).toBe("en");
    expect(matchLocale("zh")).toBe("zh-CN");
    expect(matchLocale("zh-Hans-CN")).toBe("zh-CN");
    expect(matchLocale("zh-TW")).toBeNull();
    expect(matchLocale("fr")).toBeNull();
  });

  it("takes the best-weighted supported language of Accept-Language", () => {
    expect(localeFromAcceptLanguage("fr-FR,fr;q=0.9,zh-CN;q=0.8,en;q=0.7")).toBe("zh-CN");
    expect(localeFromAcceptLanguage("en;q=0.5,zh;q=0.9")).toBe("zh-CN");
    expect(localeFromAcceptLanguage("de,fr")).toBeNull();
    expect(localeFromAcceptLanguage("zh;q=0")).toBeNull();
  });

  it("reads the lang cookie, then Accept-Language, then English", () => {
    expect(localeFromCookieHeader("a=1; lang=zh-CN; b=2")).toBe("zh-CN");
    expect(localeFromCookieHeader("xlang=zh-CN")).toBeNull();
    expect(resolveLocale("zh-CN", "en")).toBe("zh-CN");
    expect(resolveLocale("en", "zh-CN")).toBe("en");
    expect(resolveLocale("fr", "zh-CN")).toBe("zh-CN");
    expect(resolveLocale(undefined, undefined)).toBe("en");
  });
});
