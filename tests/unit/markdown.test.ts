import { describe, expect, it } from "vitest";
import { markdownExcerpt, rememberedHtml, rememberHtml, renderMarkdown, renderMarkdownAsync } from "@/lib/markdown";

describe("renderMarkdown", () => {
  it("renders basic markdown", async () => {
    const html = await renderMarkdown("# Title\n\nSome **bold** and _em_ text.\n\n- a\n- b");
    expect(html).toContain("<h1>Title</h1>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<em>em</em>");
    expect(html).toContain("<li>a</li>");
  });

  it("escapes raw HTML instead of executing it", async () => {
    const html = await renderMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n<iframe src="https://evil"></iframe>',
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img[^>]*onerror/i);
    expect(html).not.toMatch(/<iframe/i);
    expect(html).toContain("&lt;script&gt;");
  });

  it("drops javascript:, vbscript: and data: links", async () => {
    for (const url of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "vbscript:msgbox",
      "data:text/html;base64,PHNjcmlwdD4=",
      "java\tscript:alert(1)",
    ]) {
      const html = await renderMarkdown(`[click](${url})`);
      expect(html, url).not.toMatch(/href="\s*(javascript|vbscript|data)/i);
      expect(html, url).not.toMatch(/<a /);
    }
    const auto = await renderMarkdown("<javascript:alert(1)>");
    expect(auto).not.toMatch(/href=/);
  });

  it("adds rel=nofollow ugc noopener to links", async () => {
    const html = await renderMarkdown("[site](https://example.com) and https://example.org");
    expect(html).toContain('href="https://example.com"');
    expect(html).toMatch(/<a href="https:\/\/example.com"[^>]*rel="nofollow ugc noopener"/);
    expect(html).toContain('href="https://example.org"');
  });

  it("allows http(s) and /uploads images only", async () => {
    expect(await renderMarkdown("![a](https://example.com/a.png)")).toContain('<img src="https://example.com/a.png" alt="a"');
    expect(await renderMarkdown("![a](/uploads/3f/abc.webp)")).toContain('<img src="/uploads/3f/abc.webp"');
    expect(await renderMarkdown("![a](data:image/png;base64,AAAA)")).not.toContain("<img");
    expect(await renderMarkdown("![a](javascript:alert(1))")).not.toContain("<img");
    expect(await renderMarkdown("![a](/etc/passwd)")).not.toContain("<img");
    expect(await renderMarkdown("![a](//evil.example/a.png)")).not.toContain("<img");
  });

  it("highlights fenced code", async () => {
    const html = await renderMarkdown("```ts\nconst x: number = 1;\n```");
    expect(html).toContain('<pre class="hljs"><code class="hljs language-ts">');
    expect(html).toContain('<span class="hljs-keyword">const</span>');
  });

  it("keeps code content escaped", async () => {
    const html = await renderMarkdown("`<b>x</b>` and\n\n```\n<script>alert(1)</script>\n```");
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain("&lt;b&gt;x&lt;/b&gt;");
  });

  it("links @username and @[username] mentions but not e-mails or code", async () => {
    const html = await renderMarkdown("hi @alice and @[bob_2], mail me at carol@example.com, `@dave`");
    expect(html).toContain('<a href="/u/alice" class="mention" rel="nofollow ugc noopener">@alice</a>');
    expect(html).toContain('<a href="/u/bob_2" class="mention" rel="nofollow ugc noopener">@bob_2</a>');
    expect(html).not.toContain("/u/example");
    expect(html).not.toContain("/u/dave");
  });

  it("does not nest mention links inside links", async () => {
    const html = await renderMarkdown("[ask @alice](https://example.com)");
    expect(html).not.toContain("/u/alice");
  });

  it("strips disallowed attributes even if markdown-it emitted them", async () => {
    const html = await renderMarkdown('[x](https://example.com "t\\" onmouseover=\\"alert(1)")');
    // The quote stays escaped inside the title value: no attribute named onmouseover exists.
    expect(html).not.toMatch(/\sonmouseover="/i);
    expect(html).toContain("&quot; onmouseover=&quot;");
  });

  it("renders tables with alignment", async () => {
    const html = await renderMarkdown("| a | b |\n|:-|-:|\n| 1 | 2 |");
    expect(html).toContain("<table>");
    expect(html).toContain('style="text-align:right"');
  });
});

describe("markdownExcerpt", () => {
  it("gives plain text, truncated", async () => {
    expect(markdownExcerpt("# Hi\n\n**there** <b>x</b>", 100)).toBe("Hi there <b>x</b>");
    expect(markdownExcerpt("a".repeat(300), 10)).toHaveLength(10);
    // a code block is summarised as [code], an image is its alt text, so the line still says what is there.
    expect(markdownExcerpt("Look:\n\n```ts\nconst x = 1;\n```\n\n![photo](https://e.x/a.png) done")).toBe("Look: [code] photo done");
    expect(markdownExcerpt("![](https://e.x/a.png) untitled")).toBe("[image] untitled");
  });
});

describe("the memo", () => {
  it("a view whose render is under way when the stored HTML of the same text is remembered gets HTML, not the escaped source", async () => {
    const src = `# memo ${Date.now()}\n\n**x**`;
    const view = renderMarkdownAsync(src);
    rememberHtml(src, "<p>stored</p>");
    expect((await view).html).not.toContain("markdown-plain");
    expect(rememberedHtml(src)).toBeDefined();
  });

  it("two views of one new document share one render", async () => {
    const src = `# shared ${Date.now()}`;
    const [a, b] = await Promise.all([renderMarkdownAsync(src), renderMarkdownAsync(src)]);
    expect(a).toBe(b);
    expect(a.html).toContain("<h1>shared");
  });
});
