// how a keyword becomes a full-text query. CJK words become phrases of their two-character
// runs (what cjk_grams() indexes), one character a prefix; spaced words stay words, the last a prefix.
import { describe, expect, it } from "vitest";
import { parseTerms } from "@/lib/services/search/terms";

describe("parseTerms", () => {
  it("turns CJK words into two-character runs, one character into a prefix", () => {
    expect(parseTerms("数据").tsquery).toBe("'数据'");
    expect(parseTerms("数据库").tsquery).toBe("('数据' <-> '据库')");
    expect(parseTerms("数").tsquery).toBe("'数':*");
    expect(parseTerms("数据 设计").tsquery).toBe("'数据' & '设计'");
    // No substring for CJK (the grams find every occurrence through the index), but a title bonus.
    expect(parseTerms("数据库").like).toBeNull();
    expect(parseTerms("数据库").titleLike).toBe("%数据库%");
  });

  it("keeps Latin between CJK runs as word prefixes and weights every part", () => {
    expect(parseTerms("v2数据").tsquery).toBe("'v2':* & '数据'");
    expect(parseTerms("数据库", "A").tsquery).toBe("('数据':A <-> '据库':A)");
    expect(parseTerms("数", "B").tsquery).toBe("'数':*B");
  });

  it("matches spaced words as words (the last one a prefix) and one word also as a substring", () => {
    const one = parseTerms("replication");
    expect(one.tsquery).toBe("'replication':*");
    expect(one.like).toBe("%replication%");
    const two = parseTerms("wintr light");
    expect(two.tsquery).toBe("'wintr': & 'light':*");
    expect(two.like).toBeNull();
    // Too short for the trigram index: words only.
    expect(parseTerms("ab").like).toBeNull();
    // Punctuation alone is no word and no indexable substring.
    expect(parseTerms("!!!")).toMatchObject({ tsquery: null, like: null });
  });

  it("searches other scripts written without spaces by substring", () => {
    const thai = parseTerms("ภาษาไทย");
    expect(thai.tsquery).toBeNull();
    expect(thai.like).toBe("%ภาษาไทย%");
  });
});
