"use client";

import { useMemo } from "react";
import { useTranslations } from "next-intl";
import { diffArrays, diffWordsWithSpace } from "diff";
import { DIFF_LIMITS } from "@/lib/diff";

/**
 * Two versions of a post as readers saw them, with the changes marked: the old and new HTML are the
 * server's renders of the markdown (lib/markdown.ts: sanitized exactly as posts are, in the render
 * workers under their budgets; a version not rendered in time is its escaped source, as on the post).
 *
 * The comparison is by top-level block (paragraph, heading, list, table, code block…): unchanged
 * blocks are shown as they are, removed ones struck through on red, added ones on green. A changed
 * paragraph or heading of plain text is compared word by word instead. Nothing new is interpreted as
 * HTML: blocks are copies of the sanitized render, words are text nodes, and the marks are <ins>/<del>.
 * Bounded like the source diff: at most DIFF_LIMITS.maxLineEdits block edits and its time budget,
 * after which the versions are shown as one removed and one added block.
 */
const MAX_BLOCKS = 5_000;
const TEXT_BLOCKS = new Set(["P", "H1", "H2", "H3", "H4", "H5", "H6"]);

const DEL_BLOCK =
  "block rounded-sm bg-red-50 text-red-950 line-through decoration-red-700/50 ring-1 ring-red-200 dark:bg-red-950/50 dark:text-red-50 dark:ring-red-900";
const INS_BLOCK =
  "block rounded-sm bg-emerald-50 text-emerald-950 no-underline ring-1 ring-emerald-200 dark:bg-emerald-950/50 dark:text-emerald-50 dark:ring-emerald-900";
const DEL_WORD = "rounded-sm bg-red-300/70 text-red-950 line-through decoration-red-700/60 dark:bg-red-800/70 dark:text-red-50";
const INS_WORD = "rounded-sm bg-emerald-300/70 text-emerald-950 no-underline dark:bg-emerald-700/70 dark:text-emerald-50";

/** The top-level blocks of a rendered document (text between blocks is kept as a paragraph). */
function blocksOf(doc: Document, html: string): Element[] {
  const body = new DOMParser().parseFromString(`<!doctype html><body>${html}`, "text/html").body;
  const out: Element[] = [];
  for (const node of [...body.childNodes]) {
    if (node.nodeType === Node.ELEMENT_NODE) out.push(doc.importNode(node, true) as Element);
    else if (node.nodeType === Node.TEXT_NODE && node.textContent?.trim()) {
      const p = doc.createElement("p");
      p.textContent = node.textContent;
      out.push(p);
    }
  }
  return out;
}

function mark(doc: Document, tag: "ins" | "del", block: Element): Element {
  const m = doc.createElement(tag);
  m.className = tag === "ins" ? INS_BLOCK : DEL_BLOCK;
  m.setAttribute("data-change", tag === "ins" ? "added" : "removed");
  m.appendChild(block);
  return m;
}

/** A changed paragraph or heading of plain text, word by word; null when the pair is not that. */
function wordPair(doc: Document, a: Element, b: Element): Element | null {
  if (a.tagName !== b.tagName || !TEXT_BLOCKS.has(a.tagName) || a.children.length || b.children.length) return null;
  const oldText = a.textContent ?? "";
  const newText = b.textContent ?? "";
  if (Math.max(oldText.length, newText.length) > DIFF_LIMITS.maxWordDiffLine) return null;
  const parts = diffWordsWithSpace(oldText, newText, { maxEditLength: DIFF_LIMITS.maxWordEdits, timeout: DIFF_LIMITS.timeoutMs });
  if (!parts) return null;
  const out = doc.createElement(a.tagName.toLowerCase());
  out.setAttribute("data-change", "changed");
  for (const p of parts) {
    if (!p.added && !p.removed) {
      out.appendChild(doc.createTextNode(p.value));
      continue;
    }
    const m = doc.createElement(p.added ? "ins" : "del");
    m.className = p.added ? INS_WORD : DEL_WORD;
    m.textContent = p.value;
    out.appendChild(m);
  }
  return out;
}

type Rendered = { html: string; added: number; removed: number; exact: boolean };

function compare(oldHtml: string, newHtml: string): Rendered {
  const doc = document.implementation.createHTMLDocument("");
  const a = blocksOf(doc, oldHtml);
  const b = blocksOf(doc, newHtml);
  const root = doc.createElement("div");
  let added = 0;
  let removed = 0;
  const parts =
    a.length > MAX_BLOCKS || b.length > MAX_BLOCKS
      ? undefined
      : diffArrays(
          a.map((e) => e.outerHTML),
          b.map((e) => e.outerHTML),
          { maxEditLength: DIFF_LIMITS.maxLineEdits, timeout: DIFF_LIMITS.timeoutMs },
        );
  if (!parts) {
    // Over the budget: everything old out, everything new in (a correct diff, just not the smallest).
    for (const e of a) root.appendChild(mark(doc, "del", e));
    for (const e of b) root.appendChild(mark(doc, "ins", e));
    return { html: root.innerHTML, added: b.length, removed: a.length, exact: false };
  }
  let i = 0;
  let j = 0;
  for (let k = 0; k < parts.length; k++) {
    const p = parts[k]!;
    if (!p.added && !p.removed) {
      for (let n = 0; n < p.count!; n++) root.appendChild(b[j++]!);
      i += p.count!;
      continue;
    }
    if (p.removed) {
      const next = parts[k + 1];
      const olds = a.slice(i, i + p.count!);
      i += p.count!;
      const news = next?.added ? b.slice(j, j + next.count!) : [];
      if (next?.added) {
        j += next.count!;
        k++;
      }
      removed += olds.length;
      added += news.length;
      const pairs = Math.max(olds.length, news.length);
      for (let n = 0; n < pairs; n++) {
        const o = olds[n];
        const w = news[n];
        const words = o && w ? wordPair(doc, o, w) : null;
        if (words) root.appendChild(words);
        else {
          if (o) root.appendChild(mark(doc, "del", o));
          if (w) root.appendChild(mark(doc, "ins", w));
        }
      }
      continue;
    }
    for (let n = 0; n < p.count!; n++) root.appendChild(mark(doc, "ins", b[j++]!));
    added += p.count!;
  }
  return { html: root.innerHTML, added, removed, exact: true };
}

export function RenderedDiff({ oldHtml, newHtml }: { oldHtml: string | null; newHtml: string | null }) {
  const t = useTranslations("Diff");
  const result = useMemo(
    () => (oldHtml === null || newHtml === null || typeof DOMParser === "undefined" ? null : compare(oldHtml, newHtml)),
    [oldHtml, newHtml],
  );
  return (
    <div className="overflow-hidden rounded-md border border-zinc-200 dark:border-zinc-800" data-testid="diff-rendered">
      <p className="flex flex-wrap gap-3 border-b border-zinc-200 bg-zinc-50 px-3 py-1.5 text-xs text-zinc-600 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400">
        {!result ? (
          <span>{t("renderedUnavailable")}</span>
        ) : result.added + result.removed === 0 ? (
          <span>{t("none")}</span>
        ) : (
          <>
            <span className="text-emerald-700 dark:text-emerald-400">{t("added", { count: result.added })}</span>
            <span className="text-red-700 dark:text-red-400">{t("removed", { count: result.removed })}</span>
            <span>{t("blocks")}</span>
            {result.exact ? null : <span>{t("tooDifferentBlocks")}</span>}
          </>
        )}
      </p>
      {result ? (
        <div
          className="markdown-body max-h-[40rem] overflow-auto p-3 text-sm [&>:first-child]:mt-0 [&>:first-child>:first-child]:mt-0"
          dangerouslySetInnerHTML={{ __html: result.html }}
        />
      ) : null}
    </div>
  );
}
