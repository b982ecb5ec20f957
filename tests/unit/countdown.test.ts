import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { countdownParts } from "@/components/ui/use-now";
import en from "@/messages/en/posts.json";
import zh from "@/messages/zh-CN/posts.json";

/** The lottery's countdown ("Ends in 2d 3h 04m 05s") in the page's language. */
describe("countdown", () => {
  const te = createTranslator({ locale: "en", messages: en, namespace: "Lottery" });
  const tz = createTranslator({ locale: "zh-CN", messages: zh, namespace: "Lottery" });
  const at = (d: number, h: number, m: number, s: number) => (((d * 24 + h) * 60 + m) * 60 + s) * 1000;

  it("says days and hours only when there are any, minutes and seconds always as two digits", () => {
    expect(te("countdown", countdownParts(at(2, 3, 4, 5), 0))).toBe("2d 3h 04m 05s");
    expect(te("countdown", countdownParts(at(0, 1, 0, 0), 0))).toBe("1h 00m 00s");
    expect(te("countdown", countdownParts(at(0, 0, 1, 5), 0))).toBe("01m 05s");
    expect(te("countdown", countdownParts(at(1, 0, 0, 0), 0))).toBe("1d 0h 00m 00s");
  });

  it("reads in Chinese with Chinese units", () => {
    expect(tz("endsIn", { time: tz("countdown", countdownParts(at(2, 3, 4, 5), 0)) })).toBe("距结束 2天 3 小时 04 分 05 秒");
    expect(tz("countdown", countdownParts(at(0, 0, 1, 5), 0))).toBe("01 分 05 秒");
  });

  it("never counts below zero", () => {
    expect(te("countdown", countdownParts(0, at(0, 0, 0, 9)))).toBe("00m 00s");
  });
});
