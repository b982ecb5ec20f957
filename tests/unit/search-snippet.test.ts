import { describe, expect, it } from "vitest";
import { highlight, plainText } from "@/lib/search-text";

describe("plainText (search snippets)", () => {
  it("shows a table's cells without pipes or delimiter rows", () => {
    const md = "Prices:\n\n| Item | Price |\n| :--- | ---: |\n| Flour | 2 € |\n| Eggs | 3 € |\n\nDone.";
    const text = plainText(md);
    expect(text).not.toContain("|");
    expect(text).not.toContain("---");
    expect(text).toBe("Prices: Item Price Flour 2 € Eggs 3 € Done.");
  });

  it("drops emphasis, code and strike markers but keeps the words", () => {
    expect(plainText("Some **bold**, __strong__, *em*, _under_ and ~~gone~~ `code` ***both***")).toBe(
      "Some bold, strong, em, under and gone code both",
    );
    expect(plainText("snake_case_name and 2*3*4 stay")).toBe("snake_case_name and 2*3*4 stay");
    // A fragment cut between a marker and its partner.
    expect(plainText("Note zephyr | _crisp")).toBe("Note zephyr crisp");
    expect(plainText("crisp_ | **bold")).toBe("crisp bold");
  });

  it("shows links and images by their text, never their syntax", () => {
    const text = plainText(
      'See [the docs](https://example.com/a_(b) "Title") and ![a cat](/uploads/c.png) or <https://x.test/y> and [ref][1].\n\n[1]: https://ref.test',
    );
    expect(text).toBe("See the docs and a cat or https://x.test/y and ref.");
    expect(text).not.toMatch(/\]\(|\[|\]/);
  });

  it("takes out heading, quote, list and task markers, rules and fences, HTML tags and entities", () => {
    const md =
      "# Title\n\n> quoted\n> > deeper\n\n- one\n* two\n1. three\n- [x] done task\n\n---\n\n```js\nconst a = 1;\n```\n\n<details><summary>More</summary>inside</details> &amp; Tom &lt;3";
    expect(plainText(md)).toBe("Title quoted deeper one two three done task const a = 1; More inside & Tom <3");
  });

  it("keeps escaped characters as written, without their backslashes", () => {
    expect(plainText("a \\*literal\\* star and a \\| pipe")).toBe("a *literal* star and a | pipe");
  });

  it("cleans a fragment cut inside a link and keeps the match markers", () => {
    const start = "\u0002";
    const stop = "\u0003";
    expect(plainText(`docs](https://example.com) then **${start}flour${stop}** | 2 € |\n| and [more](https://ex`)).toBe(
      `docs then ${start}flour${stop} 2 € and more`,
    );
  });

  it("highlight over plain text shows no markup", () => {
    const html = highlight(plainText("| **Sourdough** | [recipe](https://r.test) |\n|---|---|"), "sourdough");
    expect(html).toBe("<mark>Sourdough</mark> recipe");
  });
});
