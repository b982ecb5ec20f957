"use client";

import { forwardRef, useEffect, useId, useState } from "react";
import { useTranslations } from "next-intl";
import { Composer, type ComposerHandle } from "@/components/composer/composer";
import { FieldError } from "@/components/ui/field";
import { api } from "@/lib/client/api-client";

/**
 * The composer (toolbar, shortcuts, suggestions, image upload by paste, drop or the toolbar) with a
 * live preview rendered by the server, exactly as it will be shown.
 */
export const MarkdownEditor = forwardRef<
  ComposerHandle,
  {
    /** A shorter box (an introduction rather than a post). */
    compact?: boolean;
    id: string;
    value: string;
    onChange: (v: string) => void;
    error?: string | null;
    label: string;
    postId?: number;
  }
>(function MarkdownEditor({ id, value, onChange, error, label, compact = false, postId }, ref) {
  const tc = useTranslations("Composer");
  const [preview, setPreview] = useState<string>("");
  const [tab, setTab] = useState<"write" | "preview">("write");
  const previewId = useId();

  useEffect(() => {
    if (!value.trim()) return;
    const t = setTimeout(() => {
      api
        .preview(value)
        .then((r) => setPreview(r.html))
        .catch(() => {});
    }, 350);
    return () => clearTimeout(t);
  }, [value]);

  const describedBy = error ? `${id}-error` : undefined;
  const tabClass = (on: boolean) =>
    `rounded-md px-3 py-1 text-sm ${on ? "bg-zinc-200 font-medium dark:bg-zinc-800" : "text-zinc-600 hover:bg-zinc-100 dark:text-zinc-400 dark:hover:bg-zinc-900"}`;

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {label}
        </label>
        <div className="flex items-center gap-1">
          <span role="group" aria-label={tc("editorView")} className="flex gap-1 lg:hidden">
            <button type="button" aria-pressed={tab === "write"} className={tabClass(tab === "write")} onClick={() => setTab("write")}>
              {tc("write")}
            </button>
            <button
              type="button"
              aria-pressed={tab === "preview"}
              className={tabClass(tab === "preview")}
              onClick={() => setTab("preview")}
            >
              {tc("preview")}
            </button>
          </span>
        </div>
      </div>
      <div className="grid gap-3 lg:grid-cols-2">
        <div className={tab === "write" ? "" : "hidden lg:block"}>
          <Composer
            ref={ref}
            id={id}
            value={value}
            onChange={onChange}
            postId={postId}
            rows={compact ? 6 : 16}
            maxLength={100000}
            className={`${compact ? "min-h-36" : "min-h-72"} font-mono`}
            placeholder={tc("editorPlaceholder")}
            invalid={!!error}
            describedBy={describedBy}
          />
        </div>
        <div className={tab === "preview" ? "" : "hidden lg:block"}>
          <div
            id={previewId}
            aria-label={tc("preview")}
            role="region"
            aria-live="polite"
            className={`markdown-body ${compact ? "min-h-36" : "min-h-72"} overflow-auto rounded-md border border-dashed border-zinc-300 p-3 text-sm dark:border-zinc-700`}
            data-testid="preview"
            dangerouslySetInnerHTML={{
              __html: value.trim() ? preview : `<p class="text-zinc-600 dark:text-zinc-400">${tc("nothingToPreview")}</p>`,
            }}
          />
        </div>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
});
