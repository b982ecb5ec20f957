"use client";

import { useQuery } from "@tanstack/react-query";
import { Icon } from "@/components/ui/icon";
import type { SpriteIcon } from "@/components/ui/icon-names";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { HIT_LABEL, hitHref } from "@/components/search/search-href";
import { api, type SearchHit } from "@/lib/client/api-client";
import { searchKeys } from "@/lib/client/query-keys";

const ICONS: Record<SearchHit["type"], SpriteIcon> = {
  post: "file-text",
  comment: "message-square",
  user: "user",
  category: "folder",
  tag: "hash",
};
const DEBOUNCE_MS = 200;

function useDebounced(value: string, ms: number): string {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/**
 * The header's search box: a combobox with suggestions from GET /api/search/global as you type
 * (debounced); ArrowUp/ArrowDown move through them, Enter opens the active one (or the search page),
 * Escape closes the list. Without JavaScript it is a plain GET form to /search.
 */
export function HeaderSearch() {
  const t = useTranslations("Search");
  const router = useRouter();
  const listId = useId();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const boxRef = useRef<HTMLDivElement>(null);
  const keyword = useDebounced(text.replace(/\s+/g, " ").trim(), DEBOUNCE_MS);
  const enabled = keyword.length > 0 && keyword.length <= 100;
  const { data, isFetching } = useQuery({
    queryKey: searchKeys.suggestions(keyword),
    queryFn: ({ signal }) => api.searchGlobal(keyword, signal),
    enabled,
    staleTime: 30_000,
    placeholderData: (prev) => prev,
  });
  const hits: SearchHit[] = enabled ? (data ?? []).slice(0, 12) : [];
  const showList = open && enabled;

  useEffect(() => {
    const close = (e: MouseEvent) => {
      if (boxRef.current && !boxRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", close);
    return () => document.removeEventListener("mousedown", close);
  }, []);

  const go = (href: string) => {
    setOpen(false);
    router.push(href);
  };
  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      setOpen(true);
      setActive((i) => (hits.length ? (i + 1) % hits.length : -1));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setActive((i) => (hits.length ? (i <= 0 ? hits.length - 1 : i - 1) : -1));
    } else if (e.key === "Escape") {
      setOpen(false);
      setActive(-1);
    } else if (e.key === "Enter" && showList && active >= 0 && hits[active]) {
      e.preventDefault();
      go(hitHref(hits[active]));
    }
  };

  return (
    <div ref={boxRef} className="relative w-full max-w-xs">
      <form
        role="search"
        aria-label={t("siteSearch")}
        action="/search"
        method="get"
        onSubmit={(e) => {
          e.preventDefault();
          const q = text.trim();
          if (q) go(`/search?q=${encodeURIComponent(q)}`);
        }}
      >
        <label htmlFor={`${listId}-input`} className="sr-only">
          {t("formLabel")}
        </label>
        <Icon
          name="search"
          className="pointer-events-none absolute top-1/2 left-2.5 h-4 w-4 -translate-y-1/2 text-zinc-600 dark:text-zinc-400"
        />
        <input
          id={`${listId}-input`}
          name="q"
          type="search"
          autoComplete="off"
          placeholder={t("headerPlaceholder")}
          maxLength={100}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList && active >= 0 ? `${listId}-opt-${active}` : undefined}
          data-testid="header-search"
          className="h-9 w-full rounded-md border border-zinc-300 bg-white pr-2 pl-8 text-sm text-zinc-900 placeholder:text-zinc-500 focus-visible:border-sky-600 focus-visible:outline-2 focus-visible:outline-sky-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
        />
      </form>
      {showList ? (
        <div className="absolute right-0 z-40 mt-1 w-[min(28rem,calc(100vw-1.5rem))] overflow-hidden rounded-md border border-zinc-200 bg-white shadow-lg dark:border-zinc-700 dark:bg-zinc-900">
          <ul
            id={listId}
            role="listbox"
            aria-label={t("suggestions")}
            className="max-h-96 overflow-y-auto py-1"
            data-testid="search-suggestions"
          >
            {hits.map((h, i) => (
              <li
                key={`${h.type}-${h.id}`}
                id={`${listId}-opt-${i}`}
                role="option"
                aria-selected={i === active}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => go(hitHref(h))}
                onMouseEnter={() => setActive(i)}
                className={`flex cursor-pointer gap-2 px-3 py-2 text-sm ${i === active ? "bg-sky-50 dark:bg-sky-950/60" : ""}`}
              >
                <Icon name={ICONS[h.type]} className="mt-0.5 h-4 w-4 text-zinc-600 dark:text-zinc-400" />
                <span className="min-w-0 flex-1">
                  <span className="sr-only">{t(HIT_LABEL[h.type])}: </span>
                  <span className="search-hl block truncate font-medium" dangerouslySetInnerHTML={{ __html: h.highlightedText }} />
                  {h.highlightedSubText ? (
                    <span
                      className="search-hl block truncate text-xs text-zinc-600 dark:text-zinc-400"
                      dangerouslySetInnerHTML={{ __html: h.highlightedSubText }}
                    />
                  ) : null}
                </span>
                <span aria-hidden="true" className="shrink-0 text-xs text-zinc-600 dark:text-zinc-400">
                  {t(HIT_LABEL[h.type])}
                </span>
              </li>
            ))}
            {!hits.length ? (
              <li className="px-3 py-2 text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite">
                {isFetching ? t("searching") : t("noMatches")}
              </li>
            ) : null}
          </ul>
          <a
            href={`/search?q=${encodeURIComponent(keyword)}`}
            onClick={(e) => {
              e.preventDefault();
              go(`/search?q=${encodeURIComponent(keyword)}`);
            }}
            className="block border-t border-zinc-200 px-3 py-2 text-sm text-sky-700 hover:bg-zinc-50 dark:border-zinc-700 dark:text-sky-400 dark:hover:bg-zinc-800"
          >
            {t("allResults", { keyword })}
          </a>
        </div>
      ) : null}
    </div>
  );
}
