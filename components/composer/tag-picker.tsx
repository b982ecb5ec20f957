"use client";

import { useEffect, useId, useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { FieldError, Input } from "@/components/ui/field";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/client/api-client";
import { tagKeys } from "@/lib/client/query-keys";
import type { TagDto } from "@/lib/validation/responses";

/** A chosen tag; `id` null: a new tag, created by the server only when the post is saved. */
export type TagLite = { id: number | null; name: string };

/**
 * Selected tags as removable chips, a search box (GET /api/tags?keyword=) and new tags. A new tag is
 * only a name here: it is sent as `newTags` with the post and created in the post's transaction, so an
 * abandoned draft leaves nothing behind. Members who may not create tags pick existing ones only.
 */
export function TagPicker({
  id,
  value,
  onChange,
  canCreate,
  min = 0,
  max = 5,
  creators,
  error,
}: {
  id: string;
  value: TagLite[];
  onChange: (tags: TagLite[]) => void;
  canCreate: boolean;
  /** The least number of tags a post needs (the site's setting; 0: optional). */
  min?: number;
  max?: number;
  /** Who may create tags, in words, told to a member who may not. */
  creators?: string;
  error?: string | null;
}) {
  const tc = useTranslations("Composer");
  const [keyword, setKeyword] = useState("");
  // The keyword the list is for, 200 ms after the last keystroke.
  const [settled, setSettled] = useState("");
  const [localError, setLocalError] = useState<string | null>(null);
  const listId = useId();
  /**
   * The suggestion Enter picks, by name: moved with the arrow keys, null until then. A name, not an
   * index, so results that arrive between an arrow key and Enter cannot move the choice to another tag.
   */
  const [active, setActive] = useState<string | null>(null);

  useEffect(() => {
    const t = setTimeout(() => setSettled(keyword.trim()), 200);
    return () => clearTimeout(t);
  }, [keyword]);
  const { data: results = [] } = useQuery({
    queryKey: tagKeys.search(settled),
    queryFn: () => api.searchTags(settled),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

  const full = value.length >= max;
  const chosen = new Set(value.map((t) => t.id).filter((i) => i !== null));
  const kw = keyword.trim();
  const exact =
    results.some((r) => r.name.toLowerCase() === kw.toLowerCase()) || value.some((r) => r.name.toLowerCase() === kw.toLowerCase());
  const suggestions = results.filter((r) => !chosen.has(r.id)).slice(0, 12);
  // The exact match if there is one, else the first suggestion containing the keyword, unless the arrows chose another.
  const exactIndex = suggestions.findIndex((r) => r.name.toLowerCase() === kw.toLowerCase());
  // Results arrive 200 ms after typing: without an arrow choice only a suggestion that contains the
  // keyword is highlighted, so a fast Enter never picks a stale, unrelated tag (it creates instead).
  const containing = suggestions.findIndex((r) => r.name.toLowerCase().includes(kw.toLowerCase()));
  const activeIndex = active === null ? -1 : suggestions.findIndex((r) => r.name === active);
  const highlighted = activeIndex >= 0 ? activeIndex : !kw ? -1 : exactIndex >= 0 ? exactIndex : containing;
  const pick = (t: Pick<TagDto, "id" | "name">) => {
    onChange([...value, { id: t.id, name: t.name }]);
    setKeyword("");
    setActive(null);
  };

  function create() {
    if (!canCreate) return setLocalError(tc("tagPickOnly"));
    if (kw.length > 64) return setLocalError(tc("tagTooLong"));
    setLocalError(null);
    onChange([...value, { id: null, name: kw }]);
    setKeyword("");
    setActive(null);
  }

  const shownError = error ?? localError;
  const need = Math.max(0, min - value.length);
  // The rules, told before Publish: how many tags, and whether this member may create new ones.
  const hint = tc("tagHint", {
    count: min === 0 ? tc("tagsOptional", { max }) : need > 0 ? tc("tagsNeed", { min, need }) : tc("tagsRange", { min, max }),
    create: canCreate ? tc("tagsCanCreate") : tc("tagsPickOnly", { creators: creators ?? tc("tagCreatorsDefault") }),
  });
  return (
    <div className="space-y-2">
      <ul className="flex flex-wrap gap-1.5" aria-label={tc("selectedTags")} data-testid="selected-tags">
        {value.map((t) => (
          <li key={t.id ?? `new:${t.name.toLowerCase()}`}>
            <span
              className="inline-flex items-center gap-1 rounded-full bg-sky-100 px-2.5 py-0.5 text-sm text-sky-900 dark:bg-sky-950 dark:text-sky-200"
              data-new={t.id === null ? "true" : undefined}
            >
              #{t.name}
              {t.id === null ? (
                <span className="rounded bg-white/70 px-1 text-xs font-medium dark:bg-sky-900" title={tc("newTagTitle")}>
                  {tc("newTag")}
                </span>
              ) : null}
              <button
                type="button"
                aria-label={tc("removeTag", { name: t.name })}
                onClick={() => onChange(value.filter((x) => x !== t))}
                className="rounded-full px-1 hover:bg-sky-200 dark:hover:bg-sky-900"
              >
                ×
              </button>
            </span>
          </li>
        ))}
        {value.length === 0 ? <li className="text-sm text-zinc-600 dark:text-zinc-400">{tc("noTags")}</li> : null}
      </ul>
      <p id={`${id}-hint`} className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="tag-rules" data-need={need}>
        {hint}
      </p>
      <Input
        id={id}
        type="search"
        value={keyword}
        placeholder={full ? tc("tagsFull", { max }) : canCreate ? tc("tagSearchCreate") : tc("tagSearch")}
        disabled={full}
        onChange={(e) => {
          setKeyword(e.target.value);
          setActive(null);
        }}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" || e.key === "ArrowUp") {
            if (!suggestions.length) return;
            e.preventDefault();
            const from = highlighted < 0 ? (e.key === "ArrowDown" ? -1 : 0) : highlighted;
            setActive(suggestions[(from + (e.key === "ArrowDown" ? 1 : suggestions.length - 1)) % suggestions.length]!.name);
          } else if (e.key === "Enter") {
            e.preventDefault();
            const hit = highlighted >= 0 ? suggestions[highlighted] : undefined;
            if (hit) pick(hit);
            else if (kw && !exact) create();
          }
        }}
        aria-controls={listId}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={shownError ? `${id}-error ${id}-hint` : `${id}-hint`}
      />
      {!full ? (
        <ul id={listId} className="flex flex-wrap gap-1.5" aria-label={tc("matchingTags")}>
          {suggestions.map((r, i) => (
            <li key={r.id}>
              <button
                type="button"
                onClick={() => pick(r)}
                data-highlighted={i === highlighted ? "true" : undefined}
                className={`rounded-full border px-2.5 py-0.5 text-sm hover:border-sky-600 hover:bg-sky-50 dark:hover:bg-sky-950 ${
                  i === highlighted
                    ? "border-sky-600 bg-sky-50 ring-2 ring-sky-600/40 dark:bg-sky-950"
                    : "border-zinc-300 dark:border-zinc-700"
                }`}
                aria-label={tc("addTag", { name: r.name })}
                aria-current={i === highlighted ? "true" : undefined}
              >
                #{r.name}
              </button>
            </li>
          ))}
          {kw && !exact && canCreate ? (
            <li>
              <Button size="sm" variant="secondary" onClick={create}>
                {tc("createTag", { name: kw })}
              </Button>
            </li>
          ) : null}
          {kw && !exact && !canCreate && !suggestions.length ? (
            <li className="text-sm text-zinc-600 dark:text-zinc-400">{tc("noSuchTag", { name: kw })}</li>
          ) : null}
        </ul>
      ) : null}
      <FieldError id={`${id}-error`} message={shownError} />
    </div>
  );
}
