"use client";

import { useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";
import { api } from "@/lib/api-client";
import type { TagDto } from "@/lib/validation/responses";

type TagLite = Pick<TagDto, "id" | "name">;

/** Selected tags as removable chips, a search box (GET /api/tags?keyword=) and inline creation. */
export function TagPicker({
  id,
  value,
  onChange,
  max = 5,
  error,
}: {
  id: string;
  value: TagLite[];
  onChange: (tags: TagLite[]) => void;
  max?: number;
  error?: string | null;
}) {
  const [keyword, setKeyword] = useState("");
  const [results, setResults] = useState<TagLite[]>([]);
  const [busy, setBusy] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  const listId = useId();
  /** The suggestion Enter picks: moved with the arrow keys; -1 until the keyword changes the list. */
  const [active, setActive] = useState(-1);

  useEffect(() => {
    const t = setTimeout(() => {
      api
        .searchTags(keyword.trim())
        .then((r) => setResults(r))
        .catch(() => {});
    }, 200);
    return () => clearTimeout(t);
  }, [keyword]);

  const full = value.length >= max;
  const chosen = new Set(value.map((t) => t.id));
  const kw = keyword.trim();
  const exact = results.some((r) => r.name.toLowerCase() === kw.toLowerCase()) || value.some((r) => r.name.toLowerCase() === kw.toLowerCase());
  const suggestions = results.filter((r) => !chosen.has(r.id)).slice(0, 12);
  // The exact match if there is one, else the first suggestion containing the keyword, unless the arrows chose another.
  const exactIndex = suggestions.findIndex((r) => r.name.toLowerCase() === kw.toLowerCase());
  // Results arrive 200 ms after typing: without an arrow choice only a suggestion that contains the
  // keyword is highlighted, so a fast Enter never picks a stale, unrelated tag (it creates instead).
  const containing = suggestions.findIndex((r) => r.name.toLowerCase().includes(kw.toLowerCase()));
  const highlighted = active >= 0 && active < suggestions.length ? active : !kw ? -1 : exactIndex >= 0 ? exactIndex : containing;
  const pick = (t: TagLite) => {
    onChange([...value, { id: t.id, name: t.name }]);
    setKeyword("");
    setActive(-1);
  };

  async function create() {
    setBusy(true);
    setLocalError(null);
    try {
      const t = await api.createTag(kw);
      onChange([...value, { id: t.id, name: t.name }]);
      setKeyword("");
    } catch (e) {
      setLocalError(e instanceof Error ? e.message : "Could not create the tag");
    } finally {
      setBusy(false);
    }
  }

  const shownError = error ?? localError;
  return (
    <div className="space-y-2">
      <ul className="flex flex-wrap gap-1.5" aria-label="Selected tags" data-testid="selected-tags">
        {value.map((t) => (
          <li key={t.id}>
            <span className="inline-flex items-center gap-1 rounded-full bg-sky-100 px-2.5 py-0.5 text-sm text-sky-900 dark:bg-sky-950 dark:text-sky-200">
              #{t.name}
              <button
                type="button"
                aria-label={`Remove tag ${t.name}`}
                onClick={() => onChange(value.filter((x) => x.id !== t.id))}
                className="rounded-full px-1 hover:bg-sky-200 dark:hover:bg-sky-900"
              >
                ×
              </button>
            </span>
          </li>
        ))}
        {value.length === 0 ? <li className="text-sm text-zinc-500">No tags yet (1 to {max}).</li> : null}
      </ul>
      <Input
        id={id}
        type="search"
        value={keyword}
        placeholder={full ? `At most ${max} tags` : "Search or create a tag"}
        disabled={full}
        onChange={(e) => {
          setKeyword(e.target.value);
          setActive(-1);
        }}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" || e.key === "ArrowUp") {
            if (!suggestions.length) return;
            e.preventDefault();
            const from = highlighted < 0 ? (e.key === "ArrowDown" ? -1 : 0) : highlighted;
            setActive((from + (e.key === "ArrowDown" ? 1 : suggestions.length - 1)) % suggestions.length);
          } else if (e.key === "Enter") {
            e.preventDefault();
            const hit = highlighted >= 0 ? suggestions[highlighted] : undefined;
            if (hit) pick(hit);
            else if (kw && !exact) void create();
          }
        }}
        aria-controls={listId}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={shownError ? `${id}-error` : undefined}
      />
      {!full ? (
        <ul id={listId} className="flex flex-wrap gap-1.5" aria-label="Matching tags">
          {suggestions.map((r, i) => (
            <li key={r.id}>
              <button
                type="button"
                onClick={() => pick(r)}
                data-highlighted={i === highlighted ? "true" : undefined}
                className={`rounded-full border px-2.5 py-0.5 text-sm hover:border-sky-600 hover:bg-sky-50 dark:hover:bg-sky-950 ${
                  i === highlighted ? "border-sky-600 bg-sky-50 ring-2 ring-sky-600/40 dark:bg-sky-950" : "border-zinc-300 dark:border-zinc-700"
                }`}
                aria-label={`Add tag ${r.name}`}
                aria-current={i === highlighted ? "true" : undefined}
              >
                #{r.name}
              </button>
            </li>
          ))}
          {kw && !exact ? (
            <li>
              <Button size="sm" variant="secondary" disabled={busy} onClick={create}>
                Create tag “{kw}”
              </Button>
            </li>
          ) : null}
        </ul>
      ) : null}
      {shownError ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {shownError}
        </p>
      ) : null}
    </div>
  );
}
