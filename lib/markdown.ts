import { createHash } from "node:crypto";
import { type MarkdownLimitViolation, RENDER_BUDGET } from "@/lib/markdown-limits";
import { renderInWorkerAsync, startRenderWorkers } from "@/lib/markdown-pool";
import { plainDocument, renderExcerpt } from "@/lib/markdown-render";

/**
 * Markdown → sanitized HTML for posts, comments and the editor preview (the rendering itself is
 * lib/markdown-render.ts; it runs in worker threads, lib/markdown-pool.ts).
 *
 * Rendering is pure, so results are memoized by a hash of the input (pages show the same posts and
 * comments again and again), within a character budget so that huge posts cannot fill the memory.
 */
const MEMO_BUDGET_CHARS = 16_000_000;
const memo = new Map<string, string>();
let memoChars = 0;

const memoKey = (kind: string, source: string) => `${kind}:${createHash("sha1").update(source).digest("base64")}`;

function remember(key: string, out: string) {
  if (out.length > MEMO_BUDGET_CHARS / 16 || memo.has(key)) return;
  memo.set(key, out);
  memoChars += out.length;
  while (memoChars > MEMO_BUDGET_CHARS) {
    const [oldKey, oldValue] = memo.entries().next().value!;
    memo.delete(oldKey);
    memoChars -= oldValue.length;
  }
}

function memoized(kind: string, source: string, render: () => string): string {
  const key = memoKey(kind, source);
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  const out = render();
  remember(key, out);
  return out;
}

/** Documents whose render failed or was stopped (key → until when they show as plain text). */
const slow = new Map<string, number>();
/** The limit each memoized over-the-limits document exceeds (for the preview's 400). */
const violations = new Map<string, MarkdownLimitViolation>();

startRenderWorkers();

function markSlow(key: string) {
  slow.set(key, Date.now() + RENDER_BUDGET.slowTtlMs);
  if (slow.size > 10_000) slow.delete(slow.keys().next().value!);
}

/** The HTML of `source` if this process rendered it lately (no render, no wait): undefined otherwise. */
export function rememberedHtml(source: string): string | undefined {
  return memo.get(memoKey("html", source ?? ""));
}

/** Tells the memo the HTML of `source` (read from where it was stored), so the next view need not read it. */
export function rememberHtml(source: string, html: string): void {
  remember(memoKey("html", source ?? ""), html);
}

/** Renders in flight for renderMarkdownAsync (two views of one new document share one render). */
const inFlight = new Map<string, Promise<{ html: string; violation: MarkdownLimitViolation | null }>>();

/**
 * Renders user markdown to HTML that is safe to inject with dangerouslySetInnerHTML, and the
 * MARKDOWN_LIMITS limit the document exceeds (its HTML is then the escaped source in a <pre>). The
 * render runs in a worker while the server's thread answers other requests, however long it takes (up
 * to RENDER_BUDGET.hardMs, after which the document is its escaped source, and stays so for
 * RENDER_BUDGET.slowTtlMs). What every page, feed and write uses.
 */
export async function renderMarkdownAsync(source: string): Promise<{ html: string; violation: MarkdownLimitViolation | null }> {
  const src = source ?? "";
  const key = memoKey("html", src);
  const hit = memo.get(key);
  if (hit !== undefined) return { html: hit, violation: violations.get(key) ?? null };
  const until = slow.get(key);
  if (until !== undefined && until > Date.now()) return { html: plainDocument(src), violation: null };
  const running = inFlight.get(key);
  if (running) return running;
  const p = renderInWorkerAsync(src).then((done) => {
    inFlight.delete(key);
    if (!done) {
      markSlow(key);
      return { html: plainDocument(src), violation: null };
    }
    remember(key, done.html);
    if (done.violation) {
      violations.set(key, done.violation);
      if (violations.size > 10_000) violations.delete(violations.keys().next().value!);
    }
    return done;
  });
  inFlight.set(key, p);
  return p;
}

/** The HTML of renderMarkdownAsync. */
export async function renderMarkdown(source: string): Promise<string> {
  return (await renderMarkdownAsync(source)).html;
}

/** The rendered HTML of many documents at once (a page of comments), each as renderMarkdownAsync. */
export async function renderManyAsync(sources: readonly string[]): Promise<string[]> {
  return Promise.all(sources.map(renderMarkdown));
}

/** Plain-text excerpt of markdown (for list cards and meta descriptions); code blocks are skipped. */
export function markdownExcerpt(source: string, max = 200): string {
  // Bounded: only the first max × 8 characters are parsed, without highlighting; on this thread.
  return memoized(`excerpt${max}`, source ?? "", () => renderExcerpt(source, max));
}
