"use client";

import { useEffect, useId, useRef, useState } from "react";
import { ImagePlus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/field";
import { uploadImage } from "@/components/forum/upload";
import { api } from "@/lib/api-client";

/**
 * A markdown textarea with a live preview (rendered by the server, exactly as it will be shown) and
 * image upload by paste, drop or a file button; uploaded images are inserted as `![](url)`.
 */
export function MarkdownEditor({
  id,
  value,
  onChange,
  error,
  label,
  compact = false,
}: {
  /** A shorter box (an introduction rather than a post). */
  compact?: boolean;
  id: string;
  value: string;
  onChange: (v: string) => void;
  error?: string | null;
  label: string;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string>("");
  const [tab, setTab] = useState<"write" | "preview">("write");
  const [uploading, setUploading] = useState(0);
  const [uploadError, setUploadError] = useState<string | null>(null);
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

  function insertAtCursor(text: string) {
    const el = ref.current;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    const before = value.slice(0, start);
    const pad = before && !before.endsWith("\n") ? "\n" : "";
    const next = `${before}${pad}${text}\n${value.slice(end)}`;
    onChange(next);
    requestAnimationFrame(() => {
      if (!el) return;
      const pos = before.length + pad.length + text.length + 1;
      el.focus();
      el.setSelectionRange(pos, pos);
    });
  }

  async function upload(files: File[]) {
    const images = files.filter((f) => f.type.startsWith("image/"));
    if (!images.length) return;
    setUploadError(null);
    for (const f of images) {
      setUploading((n) => n + 1);
      try {
        const url = await uploadImage(f);
        const alt = (f.name || "image").replace(/\.[a-z0-9]+$/i, "").replace(/[[\]]/g, "");
        insertAtCursor(`![${alt}](${url})`);
      } catch (e) {
        setUploadError(e instanceof Error ? e.message : "Upload failed");
      } finally {
        setUploading((n) => n - 1);
      }
    }
  }

  const describedBy = [error ? `${id}-error` : null, uploadError ? `${id}-upload-error` : null].filter(Boolean).join(" ") || undefined;
  const tabClass = (on: boolean) =>
    `rounded-md px-3 py-1 text-sm ${on ? "bg-zinc-200 font-medium dark:bg-zinc-800" : "text-zinc-600 hover:bg-zinc-100 dark:text-zinc-400 dark:hover:bg-zinc-900"}`;

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {label}
        </label>
        <div className="flex items-center gap-1">
          <span role="group" aria-label="Editor view" className="flex gap-1 lg:hidden">
            <button type="button" aria-pressed={tab === "write"} className={tabClass(tab === "write")} onClick={() => setTab("write")}>
              Write
            </button>
            <button type="button" aria-pressed={tab === "preview"} className={tabClass(tab === "preview")} onClick={() => setTab("preview")}>
              Preview
            </button>
          </span>
          <Button variant="secondary" size="sm" onClick={() => fileRef.current?.click()} disabled={uploading > 0}>
            <ImagePlus aria-hidden="true" className="h-4 w-4" /> {uploading > 0 ? "Uploading…" : "Add image"}
          </Button>
          <input
            ref={fileRef}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp,image/avif"
            multiple
            className="sr-only"
            aria-label="Upload images"
            tabIndex={-1}
            data-testid="image-input"
            onChange={(e) => {
              const files = Array.from(e.target.files ?? []);
              e.target.value = "";
              void upload(files);
            }}
          />
        </div>
      </div>
      <div className="grid gap-3 lg:grid-cols-2">
        <div className={tab === "write" ? "" : "hidden lg:block"}>
          <Textarea
            ref={ref}
            id={id}
            value={value}
            rows={compact ? 6 : 16}
            maxLength={100000}
            className={`${compact ? "min-h-36" : "min-h-72"} font-mono`}
            placeholder="Write in markdown. Paste or drop images to upload them."
            onChange={(e) => onChange(e.target.value)}
            onPaste={(e) => {
              const files = Array.from(e.clipboardData.files);
              if (files.some((f) => f.type.startsWith("image/"))) {
                e.preventDefault();
                void upload(files);
              }
            }}
            onDragOver={(e) => {
              if (Array.from(e.dataTransfer.items).some((i) => i.kind === "file")) e.preventDefault();
            }}
            onDrop={(e) => {
              const files = Array.from(e.dataTransfer.files);
              if (files.length) {
                e.preventDefault();
                void upload(files);
              }
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
        </div>
        <div className={tab === "preview" ? "" : "hidden lg:block"}>
          <div
            id={previewId}
            aria-label="Preview"
            role="region"
            aria-live="polite"
            className={`markdown-body ${compact ? "min-h-36" : "min-h-72"} overflow-auto rounded-md border border-dashed border-zinc-300 p-3 text-sm dark:border-zinc-700`}
            data-testid="preview"
            dangerouslySetInnerHTML={{ __html: value.trim() ? preview : '<p class="text-zinc-400">Nothing to preview yet.</p>' }}
          />
        </div>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      {uploadError ? (
        <p id={`${id}-upload-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {uploadError}
        </p>
      ) : null}
    </div>
  );
}
