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
        onChange={(e) => setKeyword(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            const first = results.find((r) => !chosen.has(r.id));
            if (kw && results.some((r) => r.name.toLowerCase() === kw.toLowerCase() && !chosen.has(r.id))) {
              const hit = results.find((r) => r.name.toLowerCase() === kw.toLowerCase())!;
              onChange([...value, hit]);
              setKeyword("");
            } else if (kw && !exact) void create();
            else if (first && kw) {
              onChange([...value, first]);
              setKeyword("");
            }
          }
        }}
        aria-controls={listId}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={shownError ? `${id}-error` : undefined}
      />
      {!full ? (
        <ul id={listId} className="flex flex-wrap gap-1.5" aria-label="Matching tags">
          {results
            .filter((r) => !chosen.has(r.id))
            .slice(0, 12)
            .map((r) => (
              <li key={r.id}>
                <button
                  type="button"
                  onClick={() => {
                    onChange([...value, { id: r.id, name: r.name }]);
                    setKeyword("");
                  }}
                  className="rounded-full border border-zinc-300 px-2.5 py-0.5 text-sm hover:border-sky-600 hover:bg-sky-50 dark:border-zinc-700 dark:hover:bg-sky-950"
                  aria-label={`Add tag ${r.name}`}
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
