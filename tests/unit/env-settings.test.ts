import { z } from "zod";
import { describe, expect, it } from "vitest";
import { allowedValues, parseRateLimitList, retiredSettings, settingProblems } from "@/lib/env";

// an invalid setting is named in one line, with what was wrong and what is allowed.
describe("settings' problem lines (lib/env.ts settingProblems)", () => {
  it("is empty when every setting is valid (none set: the defaults)", () => {
    expect(settingProblems({})).toEqual([]);
  });

  it("a positive whole number: the lower bound and the default", () => {
    expect(settingProblems({ MAIL_AWAY_MINUTES: "0" })).toEqual(["MAIL_AWAY_MINUTES=0: must be a whole number ≥ 1 (default 10)"]);
    expect(settingProblems({ MAIL_AWAY_MINUTES: "ten" })).toEqual(["MAIL_AWAY_MINUTES=ten: must be a whole number ≥ 1 (default 10)"]);
    expect(settingProblems({ PORT: "3.5" })).toEqual(["PORT=3.5: must be a whole number ≥ 1 (default 3000)"]);
  });

  it("a whole number within a range, and one with a floor of 0", () => {
    expect(settingProblems({ WRITE_FIRST_MS: "5000" })).toEqual([
      "WRITE_FIRST_MS=5000: must be a whole number from 0 to 1000 (default 60)",
    ]);
    expect(settingProblems({ UNVERIFIED_POST_ALLOWANCE: "-1" })).toEqual([
      "UNVERIFIED_POST_ALLOWANCE=-1: must be a whole number ≥ 0 (default 3)",
    ]);
  });

  it("a choice among values", () => {
    expect(settingProblems({ UPLOAD_ALLOW_LOOPBACK: "yes" })).toEqual([
      "UPLOAD_ALLOW_LOOPBACK=yes: must be one of 0, 1, true, false (default 0)",
    ]);
  });

  it("a URL, shown quoted when it has spaces", () => {
    expect(settingProblems({ PUBLIC_URL: "not a url" })).toEqual(['PUBLIC_URL="not a url": must be a URL such as https://forum.example']);
  });

  it("a rule of its own (a list of origins) says what it wants, without repeating the name", () => {
    const [line, ...rest] = settingProblems({ CORS_ORIGINS: "https://a.example/path" });
    expect(rest).toEqual([]);
    expect(line).toMatch(/^CORS_ORIGINS=https:\/\/a\.example\/path: must be a comma-separated list of origins/);
  });

  it('one line per invalid setting, an empty value shown as ""', () => {
    expect(settingProblems({ MAIL_AWAY_MINUTES: "0", UPLOAD_MAX_DIMENSION: "" })).toEqual([
      'UPLOAD_MAX_DIMENSION="": must be a whole number ≥ 1 (default 8192)',
      "MAIL_AWAY_MINUTES=0: must be a whole number ≥ 1 (default 10)",
    ]);
  });

  it("describes every kind of schema a setting uses", () => {
    expect(allowedValues(z.coerce.number().int().min(2).default(5))).toBe("a whole number ≥ 2 (default 5)");
    expect(allowedValues(z.coerce.number().max(9))).toBe("a number ≤ 9");
    expect(allowedValues(z.coerce.number().int().positive().max(4))).toBe("a whole number from 1 to 4");
    expect(allowedValues(z.enum(["a", "b"]))).toBe("one of a, b");
    expect(allowedValues(z.string().url().optional())).toBe("a URL such as https://forum.example");
    expect(allowedValues(z.string().default(""))).toBe("text");
    expect(allowedValues(z.string().default("x"))).toBe("text (default x)");
  });
});

describe("rate limits are site settings, not environment variables", () => {
  it("names a RATE_LIMIT_* variable left in the environment as no longer read (a warning, not a refusal)", () => {
    expect(settingProblems({ RATE_LIMIT_LOGIN: "20" })).toEqual([]);
    expect(retiredSettings({ RATE_LIMIT_WINDOW_SEC: "60", RATE_LIMIT_LOGIN: "20", PORT: "3000" })).toEqual([
      "RATE_LIMIT_LOGIN is no longer read: rate limits are site settings, changed in /admin/settings (docs/configuration.md)",
      "RATE_LIMIT_WINDOW_SEC is no longer read: rate limits are site settings, changed in /admin/settings (docs/configuration.md)",
    ]);
    expect(retiredSettings({ PORT: "3000" })).toEqual([]);
  });

  it("TEST_RATE_LIMITS (test servers): action=limit or action=limit/seconds, within the settings' bounds", () => {
    expect(parseRateLimitList("")).toEqual({});
    expect(parseRateLimitList("login=1000, posts=4/300")).toEqual({ login: { limit: 1000 }, posts: { limit: 4, windowSeconds: 300 } });
    for (const bad of ["logins=5", "login=0", "login=5/0", "login=5/86401", "login=1000001", "login", "login=five"])
      expect(parseRateLimitList(bad), bad).toBeNull();
    const [line, ...rest] = settingProblems({ TEST_RATE_LIMITS: "posts=0" });
    expect(rest).toEqual([]);
    expect(line).toMatch(/^TEST_RATE_LIMITS=posts=0: must be a comma-separated list of action=limit or action=limit\/seconds/);
  });
});
