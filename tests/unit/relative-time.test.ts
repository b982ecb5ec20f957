import { describe, expect, it } from "vitest";
import { absoluteTime, relativeText, relativeTime } from "@/components/ui/relative-time";

// The component writes these texts without Intl (its first formatter costs a page load ~35 ms in the
// browser); they must stay the texts Intl writes, which members have read until now.
const rtf = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const dtf = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

describe("relative and absolute times", () => {
  it("writes every relative text as Intl.RelativeTimeFormat('en', numeric auto) does", () => {
    const units = ["year", "month", "week", "day", "hour", "minute", "second"] as const;
    for (const unit of units) {
      for (const n of [...Array.from({ length: 200 }, (_, i) => i - 100), 999, 1000, 1234, -1234, 1_000_000].filter((n) => n !== 0)) {
        expect(relativeText(n, unit), `${n} ${unit}`).toBe(rtf.format(n, unit));
      }
    }
  });

  it("picks the unit from the distance to now", () => {
    const now = Date.parse("2026-11-27T12:00:00Z");
    const at = (seconds: number) => new Date(now + seconds * 1000).toISOString();
    expect(relativeTime(at(-10), now)).toBe("just now");
    expect(relativeTime(at(-45), now)).toBe("45 seconds ago");
    expect(relativeTime(at(-3 * 3600), now)).toBe("3 hours ago");
    expect(relativeTime(at(-26 * 3600), now)).toBe("yesterday");
    expect(relativeTime(at(2 * 86400), now)).toBe("in 2 days");
    expect(relativeTime(at(-8 * 86400), now)).toBe("last week");
    expect(relativeTime(at(-400 * 86400), now)).toBe("last year");
  });

  it("writes absolute times as Intl.DateTimeFormat('en', medium date, short time, UTC) does", () => {
    // Every hour of a day (midnight and noon included), every month, and dates across decades.
    const dates = [
      ...Array.from({ length: 24 }, (_, h) => Date.UTC(2026, 10, 27, h, h * 2 + 1)),
      ...Array.from({ length: 12 }, (_, m) => Date.UTC(2025, m, m + 1, 23, 59)),
      ...Array.from({ length: 500 }, (_, i) => Date.UTC(1990, 0, 1) + i * 2_345_678_901),
    ];
    for (const t of dates) {
      const iso = new Date(t).toISOString();
      // ICU versions differ on the space before AM/PM (U+202F or U+0020); ours is a plain space.
      expect(absoluteTime(iso), iso).toBe(`${dtf.format(t).replace(/\u202f/g, " ")} UTC`);
    }
  });

  it("writes Chinese relative texts as Intl.RelativeTimeFormat('zh-CN', numeric auto) does", () => {
    const zh = new Intl.RelativeTimeFormat("zh-CN", { numeric: "auto" });
    const units = ["year", "month", "week", "day", "hour", "minute", "second"] as const;
    for (const unit of units) {
      for (const n of [...Array.from({ length: 200 }, (_, i) => i - 100), 999, 1000, 1234, -1234, 1_000_000].filter((n) => n !== 0)) {
        expect(relativeText(n, unit, "zh-CN"), `${n} ${unit}`).toBe(zh.format(n, unit));
      }
    }
    const now = Date.parse("2026-11-27T12:00:00Z");
    const at = (seconds: number) => new Date(now + seconds * 1000).toISOString();
    expect(relativeTime(at(-10), now, "zh-CN")).toBe("刚刚");
    expect(relativeTime(at(-3 * 3600), now, "zh-CN")).toBe("3小时前");
    expect(relativeTime(at(-26 * 3600), now, "zh-CN")).toBe("昨天");
    expect(relativeTime(at(2 * 86400), now, "zh-CN")).toBe("后天");
  });

  it("writes Chinese absolute times as Intl.DateTimeFormat('zh-CN', medium date, short time, UTC) does", () => {
    const zh = new Intl.DateTimeFormat("zh-CN", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
    const dates = [
      ...Array.from({ length: 24 }, (_, h) => Date.UTC(2026, 10, 27, h, h * 2 + 1)),
      ...Array.from({ length: 500 }, (_, i) => Date.UTC(1990, 0, 1) + i * 2_345_678_901),
    ];
    for (const t of dates) {
      const iso = new Date(t).toISOString();
      expect(absoluteTime(iso, "zh-CN"), iso).toBe(`${zh.format(t)} UTC`);
    }
  });
});
