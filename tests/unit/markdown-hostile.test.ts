// hostile markdown must not hold the server's one thread. Highlighting has a per-document
// budget and never auto-detects across every grammar; documents over MARKDOWN_LIMITS are refused on
// write (tests/api/markdown-limits.test.ts) and, when already stored, render as escaped plain text;
// renders and the write-time check run in worker threads (piscina), awaited: the server's thread never
// waits for them. The budget tests call the render itself (renderDocument, what the worker runs) on this
// thread, so that spies see highlight.js; the pool tests go through renderMarkdown and the post schema.
import hljs from "highlight.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { renderMarkdown } from "@/lib/markdown";
import { checkMarkdownLimits, HIGHLIGHT_BUDGET, MARKDOWN_LIMITS, MAX_LINKED_MENTIONS } from "@/lib/markdown-limits";
import { renderPoolState, setRenderBudgetForTests } from "@/lib/markdown-pool";
import { renderDocument } from "@/lib/markdown-render";
import { withinMarkdownLimits } from "@/lib/validation/markdown";

afterEach(() => {
  vi.restoreAllMocks();
  setRenderBudgetForTests("default");
});

/** A unique suffix, so that the memo cache never answers (each test renders its own text). */
let n = 0;
const fresh = (s: string) => `${s}\n\n<!-- ${++n} ${Math.random()} -->`;

function time(fn: () => void): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

describe("highlighting budget", () => {
  it("never auto-detects a fence storm across all grammars (```\\n × 5,000)", () => {
    const auto = vi.spyOn(hljs, "highlightAuto");
    const named = vi.spyOn(hljs, "highlight");
    // 2,500 empty blocks: before the fix, 2,500 calls of highlightAuto over every grammar (~9 s). Now
    // over the codeBlocks limit: shown as plain text, without a single highlighting call.
    expect(renderDocument(fresh("```\n".repeat(5_000)))).toContain('<pre class="markdown-plain">');
    // Within the limits, empty blocks are not guessed either.
    expect(renderDocument(fresh("```\n".repeat(2 * MARKDOWN_LIMITS.codeBlocks)))).toContain('<pre class="hljs"><code class="hljs">');
    expect(auto).not.toHaveBeenCalled();
    expect(named).not.toHaveBeenCalled();
  });

  it("guesses only among a few languages, for the first few blocks without a language", () => {
    // Warm: the first guess compiles the grammars, which can eat the document's time budget.
    renderDocument(fresh("```\nconst x = 1;\n```"));
    const auto = vi.spyOn(hljs, "highlightAuto");
    renderDocument(fresh("```\nconst x = 1;\n```\n\n".repeat(40)));
    expect(auto.mock.calls.length).toBe(HIGHLIGHT_BUDGET.autoDetectBlocks);
    for (const [, subset] of auto.mock.calls) expect(subset).toEqual([...HIGHLIGHT_BUDGET.autoDetectLanguages]);
  });

  it("highlights named languages up to the block budget, then shows escaped plain code", () => {
    const named = vi.spyOn(hljs, "highlight");
    const blocks = HIGHLIGHT_BUDGET.blocks + 20;
    const html = renderDocument(fresh("```js\nconst a = 1 < 2;\n```\n\n".repeat(blocks)));
    expect(named.mock.calls.length).toBe(HIGHLIGHT_BUDGET.blocks);
    // Every block is there, with its language; the ones past the budget are plain, escaped text.
    expect(html.match(/<code class="hljs language-js">/g)).toHaveLength(blocks);
    expect(html.match(/<span class="hljs-keyword">const<\/span>/g)).toHaveLength(HIGHLIGHT_BUDGET.blocks);
    expect(html).toContain('<code class="hljs language-js">const a = 1 &lt; 2;\n</code>');
  });

  it("stops highlighting once the document's byte budget is spent", () => {
    const named = vi.spyOn(hljs, "highlight");
    const big = "let a = 1;\n".repeat(Math.ceil(HIGHLIGHT_BUDGET.bytes / 11) + 10);
    const html = renderDocument(fresh(`\`\`\`js\n${big}\`\`\`\n\n\`\`\`js\nlet b = 2;\n\`\`\``));
    // The big block is over the budget on its own: plain; the small one after it is still highlighted.
    expect(named).toHaveBeenCalledTimes(1);
    expect(html).toContain('<code class="hljs language-js">let a = 1;\n');
    expect(html).toContain('<span class="hljs-keyword">let</span> b');
  });

  it("renders an unknown language as plain code, without guessing", () => {
    const auto = vi.spyOn(hljs, "highlightAuto");
    const html = renderDocument(fresh("```nosuchlang\n<b>x</b>\n```"));
    expect(auto).not.toHaveBeenCalled();
    expect(html).toContain("&lt;b&gt;x&lt;/b&gt;");
  });

  it("renders a fence storm in time linear in its size (generous bound against plain text of the same size)", () => {
    renderDocument(fresh("warm ```js\nx\n```"));
    const size = 20_000;
    const baseline = Math.min(...[0, 1, 2].map(() => time(() => renderDocument(fresh("word ".repeat(size / 5))))));
    const storm = Math.min(...[0, 1, 2].map(() => time(() => renderDocument(fresh("```\n".repeat(size / 4))))));
    // Before the fix: ~9 s against a few ms. After: within a small factor of the baseline.
    expect(storm).toBeLessThan(Math.max(50 * baseline, 500));
  });
});

describe("documents over the limits (stored before the limits existed)", () => {
  it("render as escaped plain text, keeping every character", async () => {
    const source = `${"```\n".repeat(2 * (MARKDOWN_LIMITS.codeBlocks + 1))}<script>alert(1)</script> **kept**`;
    expect(checkMarkdownLimits(source)?.limit).toBe("codeBlocks");
    const html = await renderMarkdown(source);
    expect(html.startsWith('<pre class="markdown-plain">')).toBe(true);
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; **kept**");
    const text = html
      .replace(/^<pre class="markdown-plain">|<\/pre>$/g, "")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
    expect(text).toBe(source);
  });

  it("render normally when within the limits", async () => {
    const source = "```\n```\n".repeat(MARKDOWN_LIMITS.codeBlocks);
    expect(checkMarkdownLimits(source)).toBeNull();
    expect(await renderMarkdown(source)).not.toContain("markdown-plain");
  });
});

describe("checkMarkdownLimits", () => {
  const cases: [keyof typeof MARKDOWN_LIMITS, (n: number) => string][] = [
    ["codeBlocks", (k) => "```\nx\n```\n\n".repeat(k)],
    ["nestingDepth", (k) => `${"> ".repeat(k)}x`],
    ["links", (k) => "https://example.com/a ".repeat(k)],
    ["images", (k) => "![a](https://example.com/a.png) ".repeat(k)],
    // Five columns: the header row and k / 5 - 1 body rows are k cells (one more row: k + 5).
    ["tableCells", (k) => `| a | b | c | d | e |\n|---|---|---|---|---|\n${"| 1 | 2 | 3 | 4 | 5 |\n".repeat(Math.ceil(k / 5) - 1)}`],
    ["elements", (k) => "*a* ".repeat(k)],
  ];
  for (const [limit, make] of cases) {
    it(`${limit}: exactly at the limit passes, one more is refused with a sentence naming it`, () => {
      const max = MARKDOWN_LIMITS[limit];
      // nesting counts levels; elements: each *a* is one <em>, plus the paragraph.
      const atLimit = limit === "elements" ? make(max - 1) : make(max);
      const over = limit === "elements" ? make(max) : make(max + 1);
      expect(checkMarkdownLimits(atLimit)).toBeNull();
      const v = checkMarkdownLimits(over);
      expect(v).toMatchObject({ limit, max });
      expect(v!.message).toContain(`"${limit}"`);
      expect(v!.message).toContain(`at most ${max}`);
    });
  }

  it("lets ordinary long posts through", () => {
    const post = [
      "# A long post",
      ...Array.from(
        { length: 120 },
        (_, i) =>
          `## Part ${i}\n\nSome **bold** text, a [link](https://example.com/${i}) and \`code\`, @alice.\n\n- one\n- two\n  - nested\n\n> quoted\n\n\`\`\`ts\nconst x${i} = ${i};\n\`\`\`\n\n| a | b |\n|---|---|\n| ${i} | ${i} |`,
      ),
    ].join("\n\n");
    expect(post.length).toBeGreaterThan(20_000);
    expect(checkMarkdownLimits(post)).toBeNull();
  });
});

describe("mentions", () => {
  it(`links at most ${MAX_LINKED_MENTIONS} mentions per document; the rest stay text`, () => {
    const html = renderDocument(fresh("@alice ".repeat(MAX_LINKED_MENTIONS + 50)));
    expect(html.match(/class="mention"/g)).toHaveLength(MAX_LINKED_MENTIONS);
    expect(html.match(/@alice/g)).toHaveLength(MAX_LINKED_MENTIONS + 50);
  });

  it("are not counted as links by the limits", () => {
    expect(checkMarkdownLimits("@alice ".repeat(MARKDOWN_LIMITS.links + 1))).toBeNull();
  });
});

describe("the render worker", () => {
  it("renders off this thread: highlight.js never runs here", async () => {
    const named = vi.spyOn(hljs, "highlight");
    const html = await renderMarkdown(fresh("```js\nconst a = 1;\n```"));
    expect(html).toContain('<span class="hljs-keyword">const</span>');
    expect(named).not.toHaveBeenCalled();
  });

  it("while a slow document renders, this thread goes on with other work", async () => {
    // Tens of milliseconds of highlighting in the worker; with a synchronous wait, the immediate below
    // would run only after the render's answer.
    const source = fresh(`# Late\n\n*emphasis* <script>x</script>\n\n\`\`\`js\n${"const a = [1, 'two', /3/g];\n".repeat(1500)}\`\`\``);
    const order: string[] = [];
    const render = renderMarkdown(source).then((html) => {
      order.push("rendered");
      return html;
    });
    setImmediate(() => order.push("other work"));
    const html = await render;
    expect(order).toEqual(["other work", "rendered"]);
    expect(html).toContain("<h1>Late</h1>");
    expect(html).toContain("<em>emphasis</em>");
    expect(html).not.toMatch(/<script/i);
  });

  it("a render running past its hard limit is stopped, its worker replaced, and the document stays plain for a while", async () => {
    const slow = fresh("# h\n".repeat(20_000));
    setRenderBudgetForTests({ hardMs: 1 });
    expect(await renderMarkdown(slow)).toContain("markdown-plain");
    setRenderBudgetForTests("default");
    // Remembered as too slow: not tried again (RENDER_BUDGET.slowTtlMs), so it costs nothing.
    expect(await renderMarkdown(slow)).toContain("markdown-plain");
    expect(renderPoolState().running).toBe(0);
    // Other documents render normally, on the worker piscina started in place of the stopped one.
    expect(await renderMarkdown(fresh("**fine**"))).toContain("<strong>fine</strong>");
  });
});

describe("the write-time check", () => {
  const body = z.string().max(100_000).superRefine(withinMarkdownLimits(100_000));
  /** 30,000 characters, 18,000 of them markup, within every limit: too costly to check on this thread. */
  const costly = () => fresh("a-b:c.(d)\n".repeat(3_000));
  const issue = async (text: string) => (await body.safeParseAsync(text)).error?.issues[0] as { params?: unknown } | undefined;

  it("lets a long ordinary text through and names the limit a text exceeds", async () => {
    expect(await issue(costly())).toBeUndefined();
    expect((await issue(fresh("```\nx\n```\n\n".repeat(MARKDOWN_LIMITS.codeBlocks + 1))))?.params).toMatchObject({ limit: "codeBlocks" });
  });

  it("refuses a text whose check runs longer than its budget as too complex", async () => {
    setRenderBudgetForTests({ waitMs: 0 });
    expect((await issue(costly()))?.params).toMatchObject({ limit: "parseTime" });
  });

  it("when no worker can begin it, checks a cheap text here and refuses a costly one", async () => {
    setRenderBudgetForTests({ hardMs: 0 });
    expect((await issue(fresh("```\nx\n```\n\n".repeat(MARKDOWN_LIMITS.codeBlocks + 1))))?.params).toMatchObject({ limit: "codeBlocks" });
    expect(await issue(fresh("plain words"))).toBeUndefined();
    expect((await issue(costly()))?.params).toMatchObject({ limit: "parseTime" });
  });
});
