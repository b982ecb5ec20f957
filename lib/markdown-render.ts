import markdownIt, { type MarkdownIt, type StateCore, type Token } from "markdown-it";
import hljs from "highlight.js";
import sanitizeHtml from "sanitize-html";
import { countTokens, exceededLimit, HIGHLIGHT_BUDGET, type MarkdownLimitViolation, MAX_LINKED_MENTIONS } from "@/lib/markdown-limits";
import { setting } from "@/lib/env";

/**
 * Markdown → sanitized HTML for posts, comments and the editor preview: the rendering itself, run in
 * the markdown worker (lib/markdown-worker.ts); lib/markdown.ts is the API the app calls.
 *
 * Two layers: markdown-it runs with `html: false` (raw HTML in the source is escaped, never executed)
 * and its link validator refuses javascript:/vbscript:/file:/data: URLs; then sanitize-html enforces an
 * allow-list on the result anyway, so a bug in either layer alone cannot let script through.
 */

const USERNAME = "[A-Za-z0-9_-]{3,32}";
// `@[name]` (OpenIsle's editor form) or a bare `@name` not preceded by a word character (so e-mail
// addresses are left alone).
const MENTION_RE = new RegExp(`(^|[^A-Za-z0-9_.@/-])@(?:\\[(${USERNAME})\\]|(${USERNAME}))`, "g");

const SAFE_LINK = /^(https?:|mailto:|\/(?!\/)|#|\.{0,2}\/)/i;
/** A stored upload: `/uploads/` then plain path segments and one extension (no `..`, `%`, `\\` or query). */
const UPLOAD_PATH = /^\/uploads\/[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*\.[A-Za-z0-9]{2,5}$/;

/**
 * Images may only be stored uploads or images on other sites. A path that climbs out of `/uploads/`
 * (`/uploads/../api/posts/94`) would make every reader's browser call our API with their cookie, so
 * site paths must be exact upload paths, on our own host (PUBLIC_URL, localhost) too, and no absolute
 * URL may point at an `/api/` path (the host serving the page is not always known here).
 */
function isSafeImageSrc(src: string): boolean {
  if (src.startsWith("/")) return !src.startsWith("//") && UPLOAD_PATH.test(src);
  if (!/^https?:\/\//i.test(src)) return false;
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return false;
  }
  if (url.pathname.startsWith("/api/")) return false;
  const own = ownHosts();
  if (own.has(url.host.toLowerCase()) || url.hostname === "localhost" || url.hostname === "127.0.0.1") {
    return UPLOAD_PATH.test(url.pathname) && !url.search && !/%2e|\.\.|\\/i.test(src);
  }
  return true;
}

let ownHostSet: Set<string> | undefined;
function ownHosts(): Set<string> {
  if (ownHostSet) return ownHostSet;
  ownHostSet = new Set();
  try {
    const pub = setting("PUBLIC_URL");
    if (pub) ownHostSet.add(new URL(pub).host.toLowerCase());
  } catch {
    /* an invalid PUBLIC_URL is reported by env validation */
  }
  return ownHostSet;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => HTML_ESCAPES[c]!);

/** What is left of the document's highlighting budget (HIGHLIGHT_BUDGET); set by renderMarkdown for each render. */
let budget = { blocks: 0, bytes: 0, autoBlocks: 0, until: 0 };

function resetBudget() {
  budget = {
    blocks: HIGHLIGHT_BUDGET.blocks,
    bytes: HIGHLIGHT_BUDGET.bytes,
    autoBlocks: HIGHLIGHT_BUDGET.autoDetectBlocks,
    until: performance.now() + HIGHLIGHT_BUDGET.ms,
  };
}

const codeBlock = (html: string, language: string | null) =>
  `<pre class="hljs"><code class="hljs${language ? ` language-${language}` : ""}">${html}</code></pre>`;

/**
 * markdown-it's highlight hook, within the document's budget: a named language highlight.js knows is
 * highlighted while blocks and bytes remain; a block without a language may be guessed among a few
 * common languages (the first few small blocks only); everything else is escaped plain code.
 */
function highlight(code: string, lang: string): string {
  const known = lang && hljs.getLanguage(lang) ? lang : null;
  const plain = () => codeBlock(escapeHtml(code), known);
  if (budget.blocks <= 0 || code.length > budget.bytes || performance.now() > budget.until) return plain();
  if (!known && (lang || budget.autoBlocks <= 0 || code.length > HIGHLIGHT_BUDGET.autoDetectBytes || !code.trim())) return plain();
  budget.blocks--;
  budget.bytes -= code.length;
  try {
    if (known) return codeBlock(hljs.highlight(code, { language: known, ignoreIllegals: true }).value, known);
    budget.autoBlocks--;
    return codeBlock(hljs.highlightAuto(code, [...HIGHLIGHT_BUDGET.autoDetectLanguages]).value, null);
  } catch {
    return plain();
  }
}

/** A core rule that turns `@username` in text (not in code or inside links) into a /u/username link. */
function mentionPlugin(md: MarkdownIt) {
  md.core.ruler.after("inline", "mentions", (state: StateCore) => {
    let linked = 0;
    for (const block of state.tokens) {
      if (linked >= MAX_LINKED_MENTIONS) break;
      if (block.type !== "inline" || !block.children) continue;
      const out: Token[] = [];
      let linkDepth = 0;
      for (const tok of block.children) {
        if (tok.type === "link_open") linkDepth++;
        if (tok.type === "link_close") linkDepth--;
        if (tok.type !== "text" || linkDepth > 0 || !tok.content.includes("@")) {
          out.push(tok);
          continue;
        }
        const text = tok.content;
        let last = 0;
        MENTION_RE.lastIndex = 0;
        for (let m = MENTION_RE.exec(text); m && linked < MAX_LINKED_MENTIONS; m = MENTION_RE.exec(text)) {
          const start = m.index + m[1]!.length;
          const name = m[2] ?? m[3]!;
          if (start > last) out.push(textToken(state, text.slice(last, start)));
          const open = new state.Token("link_open", "a", 1);
          open.attrs = [
            ["href", `/u/${encodeURIComponent(name)}`],
            ["class", "mention"],
          ];
          const close = new state.Token("link_close", "a", -1);
          // Not the member's links: the limits (lib/markdown-limits.ts) leave them out.
          open.meta = close.meta = { mention: true };
          out.push(open, textToken(state, `@${name}`), close);
          linked++;
          last = m.index + m[0].length;
        }
        if (last === 0) {
          out.push(tok);
          continue;
        }
        if (last < text.length) out.push(textToken(state, text.slice(last)));
      }
      block.children = out;
    }
  });
}

function textToken(state: StateCore, content: string): Token {
  const t = new state.Token("text", "", 0);
  t.content = content;
  return t;
}

let engine: MarkdownIt | null = null;
function md(): MarkdownIt {
  if (engine) return engine;
  const m = markdownIt({ html: false, linkify: true, breaks: true, typographer: false, highlight });
  const defaultValidate = m.validateLink.bind(m);
  m.validateLink = (url) => defaultValidate(url) && !/^\s*(javascript|vbscript|data|file):/i.test(url);
  m.use(mentionPlugin);
  engine = m;
  return m;
}

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "blockquote",
    "pre",
    "code",
    "span",
    "strong",
    "em",
    "del",
    "s",
    "ul",
    "ol",
    "li",
    "a",
    "img",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "sup",
    "sub",
  ],
  allowedAttributes: {
    a: ["href", "title", "class", "rel", "target"],
    img: ["src", "alt", "title"],
    code: ["class"],
    pre: ["class"],
    span: ["class"],
    ol: ["start"],
    th: ["style"],
    td: ["style"],
  },
  allowedStyles: { th: { "text-align": [/^(left|right|center)$/] }, td: { "text-align": [/^(left|right|center)$/] } },
  allowedClasses: { code: [/^hljs/, /^language-/], pre: ["hljs", "markdown-plain"], span: [/^hljs-/], a: ["mention"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "escape",
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href ?? "";
      if (!SAFE_LINK.test(href)) return { tagName: "span", attribs: {} };
      const internal = href.startsWith("/") || href.startsWith("#");
      const out: sanitizeHtml.Attributes = { ...attribs, rel: "nofollow ugc noopener" };
      if (!internal) out.target = "_blank";
      return { tagName, attribs: out };
    },
  },
  exclusiveFilter: (frame) => frame.tag === "img" && !isSafeImageSrc(frame.attribs.src ?? ""),
};

/**
 * One render, bounded by construction: markdown-it parses (linear in practice), the tokens are
 * measured against MARKDOWN_LIMITS, and a document over them (stored before the limits existed) is
 * shown as escaped plain text; within them, highlighting has a per-document budget.
 */
export function renderDocument(source: string): string {
  return renderChecked(source).html;
}

/** renderDocument, and the limit the document exceeds (null when within MARKDOWN_LIMITS). */
export function renderChecked(source: string): { html: string; violation: MarkdownLimitViolation | null } {
  const m = md();
  const env = {};
  const tokens = m.parse(source, env);
  const violation = exceededLimit(countTokens(tokens));
  if (violation) return { html: plainDocument(source), violation };
  resetBudget();
  return { html: sanitizeHtml(m.renderer.render(tokens, m.options, env), SANITIZE), violation: null };
}

/**
 * The source as escaped text in a <pre>: what a document over the limits, or one whose render ran
 * out of time, is shown as (nothing is lost). Linear and cheap: safe on the server's thread.
 */
export function plainDocument(source: string): string {
  // No sanitize pass needed: the only markup is this <pre>, and the text has &, <, > and " escaped.
  return `<pre class="markdown-plain">${escapeHtml(source)}</pre>`;
}

let plainEngine: MarkdownIt | null = null;

/** See markdownExcerpt in lib/markdown.ts. */
export function renderExcerpt(source: string, max: number): string {
  plainEngine ??= markdownIt({ html: false });
  const head = (source ?? "").slice(0, max * 8);
  // Code blocks become "[code]", images their alt text: an excerpt says what is there, in words.
  const html = plainEngine
    .render(head)
    .replace(/<pre[\s\S]*?<\/pre>/g, " [code] ")
    .replace(/<img[^>]*?alt="([^"]*)"[^>]*>/g, (_, alt: string) => (alt ? ` ${alt} ` : " [image] "));
  const text = sanitizeHtml(html, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ["pre", "style", "script", "textarea", "option", "noscript"],
  })
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
