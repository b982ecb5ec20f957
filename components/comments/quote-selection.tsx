"use client";

import { useEffect, useState } from "react";
import { TextQuote } from "lucide-react";
import { useTranslations } from "next-intl";

/** The window event that carries a markdown quote to the page's comment box (detail: the markdown). */
export const QUOTE_EVENT = "forum:quote";

type Pending = { markdown: string; top: number; left: number };

/** `> ` on every line, with the source as a link on the first (`source`: its text, "alice wrote"). */
export function quoteMarkdown(text: string, author: string, href: string, source = `${author} wrote`): string {
  const lines = text
    .replace(/\r/g, "")
    .split("\n")
    .map((l) => l.trimEnd());
  while (lines.length && !lines[lines.length - 1]) lines.pop();
  return `> [${source}](${href}):\n${lines.map((l) => (l ? `> ${l}` : ">")).join("\n")}\n\n`;
}

function sourceOf(node: Node | null): HTMLElement | null {
  const el = node instanceof HTMLElement ? node : node?.parentElement;
  return el?.closest<HTMLElement>("[data-quote-source]") ?? null;
}

/**
 * Quote-reply: selecting text inside a post or comment body (elements with `data-quote-source`,
 * `data-quote-author`, `data-quote-href`) shows a "Quote" button by the selection; it sends the
 * selection as a markdown quote with a link to its source to the comment box (QUOTE_EVENT).
 */
export function QuoteSelection() {
  const t = useTranslations("Comments");
  const [pending, setPending] = useState<Pending | null>(null);

  useEffect(() => {
    const update = () => {
      const sel = window.getSelection();
      const text = sel?.toString().trim() ?? "";
      if (!sel || sel.rangeCount === 0 || !text) return setPending(null);
      const source = sourceOf(sel.anchorNode);
      if (!source || source !== sourceOf(sel.focusNode)) return setPending(null);
      const rect = sel.getRangeAt(0).getBoundingClientRect();
      setPending({
        markdown: quoteMarkdown(
          text.slice(0, 5000),
          source.dataset.quoteAuthor ?? t("someone"),
          source.dataset.quoteHref ?? location.pathname,
          t("quoteWrote", { name: source.dataset.quoteAuthor ?? t("someone") }),
        ),
        top: rect.top + window.scrollY - 44,
        left: Math.max(8, Math.min(rect.left + window.scrollX + rect.width / 2 - 40, document.documentElement.clientWidth - 100)),
      });
    };
    const onUp = () => setTimeout(update, 0);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setPending(null);
      else if (e.shiftKey) onUp();
    };
    document.addEventListener("mouseup", onUp);
    document.addEventListener("touchend", onUp);
    document.addEventListener("keyup", onKey);
    return () => {
      document.removeEventListener("mouseup", onUp);
      document.removeEventListener("touchend", onUp);
      document.removeEventListener("keyup", onKey);
    };
  }, [t]);

  if (!pending) return null;
  return (
    <button
      type="button"
      aria-label={t("quoteLabel")}
      style={{ top: pending.top, left: pending.left }}
      className="absolute z-30 inline-flex items-center gap-1.5 rounded-md bg-zinc-900 px-3 py-1.5 text-sm font-medium text-white shadow-lg hover:bg-zinc-700 focus-visible:outline-2 focus-visible:outline-sky-600 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300"
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => {
        window.dispatchEvent(new CustomEvent(QUOTE_EVENT, { detail: pending.markdown }));
        window.getSelection()?.removeAllRanges();
        setPending(null);
      }}
    >
      <TextQuote aria-hidden="true" className="h-4 w-4" /> {t("quote")}
    </button>
  );
}
