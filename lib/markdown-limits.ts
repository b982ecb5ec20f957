import markdownIt, { type MarkdownIt, type Token } from "markdown-it";

/**
 * What one markdown document (a post, a comment, a preview) may contain, and how much work rendering
 * one may do. Every number here is far above what a member writes by hand and far below
 * what makes a render slow: the bench (`npm run bench:hostile`) shows the cost of each kind of input.
 *
 * Writes over a limit are refused (400 naming the limit and the field, through the zod schemas of
 * `lib/validation/`); documents stored before the limits existed still render, as escaped plain text
 * when they are over them (`lib/markdown.ts`), so nothing is lost and no render is unbounded.
 */
export const MARKDOWN_LIMITS = {
  /** Fenced (```, ~~~) and indented code blocks. */
  codeBlocks: 200,
  /** Lists and blockquotes inside one another. */
  nestingDepth: 16,
  /** Links: [text](url), <autolinks>, bare URLs and www. addresses (mentions are not counted). */
  links: 1_000,
  /** Images. */
  images: 500,
  /** Table cells (header and body) over all tables. */
  tableCells: 5_000,
  /** HTML elements the document becomes (paragraphs, list items, emphasis, line breaks…). */
  elements: 10_000,
} as const;

export type MarkdownLimit = keyof typeof MARKDOWN_LIMITS;

const LIMIT_NAMES: Record<MarkdownLimit, string> = {
  codeBlocks: "code blocks",
  nestingDepth: "levels of nested lists and blockquotes",
  links: "links",
  images: "images",
  tableCells: "table cells",
  elements: "formatting elements",
};

/**
 * Syntax highlighting, per document: blocks in a named language that highlight.js knows are
 * highlighted until a budget (blocks, characters, milliseconds) is spent; the rest, and every block without a language, is shown as
 * escaped plain code. Auto-detection across all grammars (~2.6 ms per block, even an empty one) is
 * never used; a block without a language is guessed among `autoDetectLanguages` only, for the first
 * `autoDetectBlocks` blocks of at most `autoDetectBytes` characters each.
 */
export const HIGHLIGHT_BUDGET = {
  blocks: 100,
  bytes: 64_000,
  /** Time spent highlighting one document, checked before each block (some grammars take ~40 µs a character on hostile text). */
  ms: 200,
  autoDetectBlocks: 5,
  autoDetectBytes: 2_000,
  autoDetectLanguages: ["javascript", "typescript", "python", "bash", "json", "xml", "css", "sql", "java", "go", "rust", "cpp"],
} as const;

/**
 * Rendering runs in worker threads (lib/markdown-pool.ts), awaited: the server's thread never waits for
 * a render. These bound what a worker may spend on one document.
 */
export const RENDER_BUDGET = {
  /** Longest a write-time check may run before the text is refused as too complex ("parseTime"). */
  waitMs: 150,
  /** A render (or check) still running after this long is stopped (its worker is replaced). */
  hardMs: 2_000,
  /** A document whose render was stopped shows as plain text for this long before it is tried again. */
  slowTtlMs: 10 * 60_000,
  /** Worker threads (the second starts only when the first is busy). */
  workers: 2,
} as const;

/**
 * Mentions linked per document: the rest stay text (a storm of `@name` would otherwise become as many
 * links; notifications have their own cap, MAX_MENTIONS in lib/services/shared/mentions.ts).
 */
export const MAX_LINKED_MENTIONS = 200;

export type MarkdownCounts = Record<MarkdownLimit, number>;

/**
 * Counts what the limits bound in markdown-it's tokens. Tokens with `meta.mention` (links added by the
 * renderer's mention rule) are not counted, so a document measures the same at write and at render.
 */
export function countTokens(tokens: Token[]): MarkdownCounts {
  const c: MarkdownCounts = { codeBlocks: 0, nestingDepth: 0, links: 0, images: 0, tableCells: 0, elements: 0 };
  let depth = 0;
  const walk = (list: Token[]) => {
    for (const t of list) {
      if ((t.meta as { mention?: boolean } | null)?.mention) continue;
      // Hidden tokens (the paragraphs of tight list items) become no element.
      if (t.nesting >= 0 && t.tag && !t.hidden) c.elements++;
      switch (t.type) {
        case "fence":
        case "code_block":
          c.codeBlocks++;
          break;
        case "blockquote_open":
        case "bullet_list_open":
        case "ordered_list_open":
          depth++;
          if (depth > c.nestingDepth) c.nestingDepth = depth;
          break;
        case "blockquote_close":
        case "bullet_list_close":
        case "ordered_list_close":
          depth--;
          break;
        case "link_open":
          c.links++;
          break;
        case "image":
          c.images++;
          break;
        case "th_open":
        case "td_open":
          c.tableCells++;
          break;
      }
      if (t.children) walk(t.children);
    }
  };
  walk(tokens);
  return c;
}

export type MarkdownLimitViolation = { limit: MarkdownLimit; max: number; count: number; message: string };

/** The first limit that `counts` exceeds, with a sentence for the member, or null. */
export function exceededLimit(counts: MarkdownCounts): MarkdownLimitViolation | null {
  for (const limit of Object.keys(MARKDOWN_LIMITS) as MarkdownLimit[]) {
    const max = MARKDOWN_LIMITS[limit];
    const count = counts[limit];
    if (count > max) {
      const message = `at most ${max} ${LIMIT_NAMES[limit]} per document (markdown limit "${limit}"); this has ${count}`;
      return { limit, max, count, message };
    }
  }
  return null;
}

let parser: MarkdownIt | null = null;

/**
 * The limit a markdown text exceeds, or null. Parses as the renderer does (same block and inline
 * rules, linkify on); markdown-it's parse is linear in practice (a 100 KB document in tens of ms).
 */
export function checkMarkdownLimits(source: string): MarkdownLimitViolation | null {
  parser ??= markdownIt({ html: false, linkify: true, breaks: true, typographer: false });
  return exceededLimit(countTokens(parser.parse(source, {})));
}
