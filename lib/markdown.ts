import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { RENDER_BUDGET } from "@/lib/markdown-limits";
import { type Rendered, renderInWorkerAsync, startRenderWorkers } from "@/lib/markdown-pool";
import { plainDocument, renderExcerpt } from "@/lib/markdown-render";

/**
 * Markdown → sanitized HTML for posts, comments and the editor preview (the rendering itself is
 * lib/markdown-render.ts; it runs in worker threads, lib/markdown-pool.ts).
 *
 * Rendering is pure, so results are memoized by a hash of the input (pages show the same posts and
 * comments again and again), within a character budget so that huge posts cannot fill the memory.
 * (Markdown's excerpt shares the memo under its own keys.)
 */
const MEMO_BUDGET_CHARS = 16_000_000;

const memoKey = (kind: string, source: string) => `${kind}:${createHash("sha1").update(source).digest("base64")}`;

/** Documents whose render failed or was stopped (key → until when they show as plain text). */
const slow = new Map<string, number>();

function markSlow(key: string) {
  slow.set(key, Date.now() + RENDER_BUDGET.slowTtlMs);
  if (slow.size > 10_000) slow.delete(slow.keys().next().value!);
}

/**
 * The memo (lru-cache, least recently used out first, sized in characters; a document over 1/16 of the
 * budget is not kept). Its fetchMethod renders in a worker, and a fetch already under way is joined, so
 * two views of one new document share one render. A render that failed or was stopped is not kept: the
 * document is marked slow instead. The memo also keeps the limit an over-the-limits document exceeds
 * (for the preview's 400).
 */
const memo = new LRUCache<string, Rendered, string>({
  maxSize: MEMO_BUDGET_CHARS,
  maxEntrySize: MEMO_BUDGET_CHARS / 16,
  sizeCalculation: (r) => Math.max(1, r.html.length),
  // A render under way is not given up when its key is set meanwhile (rememberHtml of the stored HTML).
  ignoreFetchAbort: true,
  allowStaleOnFetchAbort: true,
  fetchMethod: async (key, _stale, { context }) => {
    const done = await renderInWorkerAsync(context);
    if (!done) markSlow(key);
    return done ?? undefined;
  },
});

function memoized(kind: string, source: string, render: () => string): string {
  const key = memoKey(kind, source);
  const hit = memo.get(key);
  if (hit !== undefined) return hit.html;
  const html = render();
  memo.set(key, { html, violation: null });
  return html;
}

startRenderWorkers();

/** The HTML of `source` if this process rendered it lately (no render, no wait): undefined otherwise. */
export function rememberedHtml(source: string): string | undefined {
  return memo.get(memoKey("html", source ?? ""))?.html;
}

/** Tells the memo the HTML of `source` (read from where it was stored), so the next view need not read it. */
export function rememberHtml(source: string, html: string): void {
  const key = memoKey("html", source ?? "");
  if (!memo.has(key)) memo.set(key, { html, violation: null });
}

/**
 * Renders user markdown to HTML that is safe to inject with dangerouslySetInnerHTML, and the
 * MARKDOWN_LIMITS limit the document exceeds (its HTML is then the escaped source in a <pre>). The
 * render runs in a worker while the server's thread answers other requests, however long it takes (up
 * to RENDER_BUDGET.hardMs, after which the document is its escaped source, and stays so for
 * RENDER_BUDGET.slowTtlMs). What every page, feed and write uses.
 */
export async function renderMarkdownAsync(source: string): Promise<Rendered> {
  const src = source ?? "";
  const key = memoKey("html", src);
  const until = slow.get(key);
  // The escaped source, only when it is what the view gets.
  const plain = () => ({ html: plainDocument(src), violation: null });
  if (until !== undefined && until > Date.now()) return plain();
  const done = await memo.fetch(key, { context: src }).catch(() => undefined);
  // (A fetch whose key was set meanwhile, by rememberHtml, answers with what was set.)
  return done ?? memo.get(key) ?? plain();
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
