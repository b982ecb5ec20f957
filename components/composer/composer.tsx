"use client";

import { forwardRef, useId, useImperativeHandle, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { createPortal, flushSync } from "react-dom";
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Bold, Code, ImagePlus, Italic, Link2, List, ListOrdered, TextQuote } from "lucide-react";
import { Textarea } from "@/components/ui/field";
import { Avatar } from "@/components/ui/avatar";
import { UploadError, uploadImageWithProgress } from "@/components/composer/upload";
import { api } from "@/lib/client/api-client";
import { suggestEmoji } from "@/lib/emoji";
import { userKeys } from "@/lib/client/query-keys";
import { caretBox, placeList, type Rect } from "@/components/composer/caret";
import { tokenAt, wrapEdit, type Suggest } from "@/components/composer/tokens";

/** What a parent can do with the box: insert text at the caret (quote-reply) and focus it. */
export type ComposerHandle = { insert: (text: string) => void; focus: () => void };

type Option = { key: string; label: string; insert: string; avatar?: string; hint?: string };

/** The suggestion list's width (px), narrowed to the viewport on a phone. */
const LIST_WIDTH = 288;

/**
 * The markdown box of the post editor and the comment form: a formatting toolbar with keyboard
 * shortcuts (Ctrl/⌘ + B, I, K, E), `@` member and `:` emoji suggestions (arrows, Enter/Tab, Escape),
 * and images uploaded by paste, drop or the toolbar with a placeholder that shows the progress.
 * Edits go through the browser's own editing (execCommand insertText), so Ctrl+Z undoes them.
 */
export const Composer = forwardRef<
  ComposerHandle,
  {
    id: string;
    value: string;
    onChange: (v: string) => void;
    /** A post the box writes about: its author and commenters come first in `@` suggestions. */
    postId?: number;
    rows?: number;
    maxLength: number;
    placeholder?: string;
    className?: string;
    autoFocus?: boolean;
    invalid?: boolean;
    describedBy?: string;
    /** Ctrl/⌘ + Enter. */
    onSubmitShortcut?: () => void;
    /** Extra toolbar buttons (the post editor's poll). */
    extraTools?: ReactNode;
  }
>(function Composer(
  {
    id,
    value,
    onChange,
    postId,
    rows = 4,
    maxLength,
    placeholder,
    className = "",
    autoFocus,
    invalid,
    describedBy,
    onSubmitShortcut,
    extraTools,
  },
  handle,
) {
  const tc = useTranslations("Composer");
  const ref = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const latest = useRef(value);
  latest.current = value;
  const [suggest, setSuggest] = useState<Suggest | null>(null);
  const [active, setActive] = useState(0);
  const [uploads, setUploads] = useState<{ id: string; name: string; progress: number }[]>([]);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const listId = useId();

  const mentionQuery = suggest?.kind === "mention" ? suggest.query : "";
  const mentions = useQuery({
    queryKey: userKeys.suggest(mentionQuery, postId),
    queryFn: () => api.suggestUsers(mentionQuery, postId),
    enabled: mentionQuery.length > 0,
    staleTime: 30_000,
  });
  const options: Option[] =
    suggest?.kind === "mention"
      ? (mentions.data ?? []).map((u) => ({
          key: `u${u.id}`,
          label: `@${u.username}`,
          insert: `@${u.username} `,
          avatar: u.avatar,
          hint: u.inThread ? tc("inThread") : undefined,
        }))
      : suggest?.kind === "emoji"
        ? suggestEmoji(suggest.query).map((e) => ({ key: e.name, label: `:${e.name}:`, insert: `${e.char} `, hint: e.char }))
        : [];
  const open = !!suggest && options.length > 0;
  const listRef = useRef<HTMLUListElement>(null);

  // The list opens at the caret, inside the viewport (the visual one: a phone's keyboard shrinks it),
  // flipped above the caret when there is no room below, and never over the form's submit button.
  useLayoutEffect(() => {
    const el = ref.current;
    const list = listRef.current;
    if (!open || !el || !list || !suggest) return;
    const place = () => {
      const vv = window.visualViewport;
      const viewport = vv
        ? { top: vv.offsetTop, left: vv.offsetLeft, width: vv.width, height: vv.height }
        : { top: 0, left: 0, width: window.innerWidth, height: window.innerHeight };
      const avoid: Rect[] = Array.from(el.form?.querySelectorAll<HTMLElement>('button[type="submit"]') ?? []).map((b) =>
        b.getBoundingClientRect(),
      );
      const p = placeList({
        caret: caretBox(el, suggest.start),
        list: { width: LIST_WIDTH, height: list.scrollHeight + list.offsetHeight - list.clientHeight },
        viewport,
        avoid,
      });
      Object.assign(list.style, {
        top: `${p.top}px`,
        left: `${p.left}px`,
        width: `${p.width}px`,
        maxHeight: `${p.maxHeight}px`,
        visibility: "visible",
      });
      list.dataset.side = p.side;
    };
    place();
    const vv = window.visualViewport;
    window.addEventListener("scroll", place, true);
    window.addEventListener("resize", place);
    vv?.addEventListener("resize", place);
    vv?.addEventListener("scroll", place);
    return () => {
      window.removeEventListener("scroll", place, true);
      window.removeEventListener("resize", place);
      vv?.removeEventListener("resize", place);
      vv?.removeEventListener("scroll", place);
    };
  }, [open, suggest, options.length]);

  // The highlighted option stays in view in a list shortened to fit.
  useLayoutEffect(() => {
    if (open) listRef.current?.children[Math.min(active, options.length - 1)]?.scrollIntoView({ block: "nearest" });
  }, [open, active, options.length]);

  /**
   * Replaces [start, end) with `text` through the browser's editing, so undo works; selects [selStart,
   * selEnd) of the new text before returning, so a key typed right after a shortcut (Ctrl+B, then
   * typing) lands in the selection and not at the end of the text.
   */
  function replaceRange(start: number, end: number, text: string, sel?: [number, number]) {
    const el = ref.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(start, end);
    const done = typeof document.execCommand === "function" && document.execCommand("insertText", false, text);
    // Without execCommand the new value goes through React; it is committed here, so that setting the
    // value (which moves the caret to the end) happens before the selection below.
    if (!done) flushSync(() => onChange(el.value.slice(0, start) + text + el.value.slice(end)));
    const [a, b] = sel ?? [text.length, text.length];
    el.setSelectionRange(start + a, start + b);
  }

  /** Bold, italic, code: a toggle (the decision is wrapEdit in tokens.ts). */
  function wrap(before: string, after: string, emptyText: string) {
    const el = ref.current;
    if (!el) return;
    const edit = wrapEdit(el.value, el.selectionStart, el.selectionEnd, before, after, emptyText);
    if ("caret" in edit) el.setSelectionRange(edit.caret, edit.caret);
    else replaceRange(edit.start, edit.end, edit.text, edit.select);
  }

  /** Prefixes each selected line (whole lines), e.g. `> ` or `- `. */
  function prefixLines(prefix: (i: number) => string) {
    const el = ref.current;
    if (!el) return;
    const v = el.value;
    const s = v.lastIndexOf("\n", el.selectionStart - 1) + 1;
    const endNl = v.indexOf("\n", el.selectionEnd);
    const e = endNl === -1 ? v.length : endNl;
    const lines = v.slice(s, e).split("\n");
    const text = lines.map((l, i) => prefix(i) + l).join("\n");
    replaceRange(s, e, text);
  }

  const tools = {
    bold: () => wrap("**", "**", tc("boldText")),
    italic: () => wrap("_", "_", tc("italicText")),
    link: () => {
      const el = ref.current;
      if (!el) return;
      const { selectionStart: s, selectionEnd: e } = el;
      const label = el.value.slice(s, e) || tc("linkText");
      const text = `[${label}](https://)`;
      replaceRange(s, e, text, [label.length + 3, text.length - 1]);
    },
    quote: () => prefixLines(() => "> "),
    code: () => {
      const el = ref.current;
      if (!el) return;
      const sel = el.value.slice(el.selectionStart, el.selectionEnd);
      if (sel.includes("\n")) wrap("```\n", "\n```", "");
      else wrap("`", "`", "code");
    },
    list: () => prefixLines(() => "- "),
    orderedList: () => prefixLines((i) => `${i + 1}. `),
  };

  function insertAtCaret(text: string) {
    const el = ref.current;
    if (!el) return onChange(latest.current + text);
    const s = el.selectionStart;
    const before = el.value.slice(0, s);
    const pad = before && !before.endsWith("\n\n") ? (before.endsWith("\n") ? "\n" : "\n\n") : "";
    replaceRange(s, el.selectionEnd, `${pad}${text}`);
  }

  useImperativeHandle(handle, () => ({ insert: insertAtCaret, focus: () => ref.current?.focus() }));

  async function upload(files: File[]) {
    const images = files.filter((f) => f.type.startsWith("image/"));
    if (!images.length) return;
    setUploadError(null);
    for (const f of images) {
      const tag = Math.random().toString(36).slice(2, 8);
      const alt = (f.name || "image").replace(/\.[a-z0-9]+$/i, "").replace(/[[\]()]/g, "");
      const placeholder = `![${tc("uploadingPlaceholder", { name: alt, tag })}]()`;
      insertAtCaret(placeholder + "\n");
      setUploads((u) => [...u, { id: tag, name: alt, progress: 0 }]);
      try {
        const url = await uploadImageWithProgress(f, (p) => setUploads((u) => u.map((x) => (x.id === tag ? { ...x, progress: p } : x))));
        onChange(latest.current.replace(placeholder, `![${alt}](${url})`));
      } catch (err) {
        onChange(latest.current.replace(`${placeholder}\n`, "").replace(placeholder, ""));
        setUploadError(
          err instanceof UploadError ? tc(`upload.${err.code}`, err.values) : err instanceof Error ? err.message : tc("upload.failed"),
        );
      } finally {
        setUploads((u) => u.filter((x) => x.id !== tag));
      }
    }
  }

  function refreshSuggest(el: HTMLTextAreaElement) {
    const t = el.selectionStart === el.selectionEnd ? tokenAt(el.value, el.selectionStart) : null;
    setSuggest((prev) => (prev?.kind === t?.kind && prev?.query === t?.query && prev?.start === t?.start ? prev : t));
    if (!t || t.query !== suggest?.query) setActive(0);
  }

  function choose(o: Option) {
    const el = ref.current;
    if (!el || !suggest) return;
    replaceRange(suggest.start, el.selectionStart, o.insert);
    setSuggest(null);
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (open) {
      if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        e.preventDefault();
        setActive((i) => (i + (e.key === "ArrowDown" ? 1 : options.length - 1)) % options.length);
        return;
      }
      if (e.key === "Enter" || e.key === "Tab") {
        e.preventDefault();
        const o = options[Math.min(active, options.length - 1)];
        if (o) choose(o);
        return;
      }
      if (e.key === "Escape") {
        e.preventDefault();
        setSuggest(null);
        return;
      }
    }
    const mod = e.ctrlKey || e.metaKey;
    if (!mod || e.altKey) return;
    if (e.key === "Enter") {
      if (onSubmitShortcut) {
        e.preventDefault();
        onSubmitShortcut();
      }
      return;
    }
    const k = e.key.toLowerCase();
    const tool = k === "b" ? tools.bold : k === "i" ? tools.italic : k === "k" ? tools.link : k === "e" ? tools.code : null;
    if (tool && !e.shiftKey) {
      e.preventDefault();
      tool();
    }
  }

  const btn =
    "inline-flex h-8 w-8 items-center justify-center rounded text-zinc-700 hover:bg-zinc-200 focus-visible:outline-2 focus-visible:outline-sky-600 dark:text-zinc-300 dark:hover:bg-zinc-800";
  const tool = (label: string, keys: string | null, onClick: () => void, icon: ReactNode) => (
    <button
      type="button"
      className={btn}
      aria-label={label}
      title={keys ? `${label} (${keys})` : label}
      aria-keyshortcuts={keys?.replace("Ctrl", "Control") ?? undefined}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
    >
      {icon}
    </button>
  );
  const icon = "h-4 w-4";

  return (
    <div className="relative">
      <div
        role="toolbar"
        aria-label={tc("formatting")}
        aria-controls={id}
        className="flex flex-wrap items-center gap-0.5 rounded-t-md border border-b-0 border-zinc-300 bg-zinc-50 px-1 py-0.5 dark:border-zinc-700 dark:bg-zinc-900"
      >
        {tool(tc("bold"), "Ctrl+B", tools.bold, <Bold aria-hidden="true" className={icon} />)}
        {tool(tc("italic"), "Ctrl+I", tools.italic, <Italic aria-hidden="true" className={icon} />)}
        {tool(tc("link"), "Ctrl+K", tools.link, <Link2 aria-hidden="true" className={icon} />)}
        {tool(tc("quote"), null, tools.quote, <TextQuote aria-hidden="true" className={icon} />)}
        {tool(tc("code"), "Ctrl+E", tools.code, <Code aria-hidden="true" className={icon} />)}
        {tool(tc("bulletedList"), null, tools.list, <List aria-hidden="true" className={icon} />)}
        {tool(tc("numberedList"), null, tools.orderedList, <ListOrdered aria-hidden="true" className={icon} />)}
        {tool(tc("addImage"), null, () => fileRef.current?.click(), <ImagePlus aria-hidden="true" className={icon} />)}
        {extraTools}
        <input
          ref={fileRef}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp,image/avif"
          multiple
          className="sr-only"
          aria-label={tc("uploadImages")}
          tabIndex={-1}
          data-testid="image-input"
          onChange={(e) => {
            const files = Array.from(e.target.files ?? []);
            e.target.value = "";
            void upload(files);
          }}
        />
      </div>
      <Textarea
        ref={ref}
        id={id}
        value={value}
        rows={rows}
        maxLength={maxLength}
        placeholder={placeholder}
        autoFocus={autoFocus}
        className={`rounded-t-none ${className}`}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? `${listId}-${Math.min(active, options.length - 1)}` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={[describedBy, uploadError ? `${id}-upload-error` : null].filter(Boolean).join(" ") || undefined}
        onChange={(e) => {
          onChange(e.target.value);
          refreshSuggest(e.target);
        }}
        onKeyDown={onKeyDown}
        onKeyUp={(e) =>
          (e.key === "ArrowLeft" || e.key === "ArrowRight" || e.key === "Home" || e.key === "End") && refreshSuggest(e.currentTarget)
        }
        onClick={(e) => refreshSuggest(e.currentTarget)}
        onBlur={() => setTimeout(() => setSuggest(null), 150)}
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
      />
      {open
        ? createPortal(
            <ul
              ref={listRef}
              id={listId}
              role="listbox"
              aria-label={suggest?.kind === "mention" ? tc("members") : tc("emoji")}
              // Placed by the layout effect above (fixed, at the caret); hidden until then.
              style={{ position: "fixed", top: 0, left: 0, width: LIST_WIDTH, visibility: "hidden" }}
              className="z-50 max-h-64 overflow-auto rounded-md border border-zinc-200 bg-white py-1 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
              data-testid="composer-suggestions"
            >
              {options.map((o, i) => (
                <li
                  key={o.key}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === active}
                  className={`flex cursor-pointer items-center gap-2 px-3 py-1.5 ${i === active ? "bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-50" : "text-zinc-800 dark:text-zinc-200"}`}
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => choose(o)}
                >
                  {o.avatar ? <Avatar src={o.avatar} name={o.label} size={20} decorative /> : null}
                  <span className="font-medium">{o.label}</span>
                  {o.hint ? <span className="ml-auto text-xs text-zinc-600 dark:text-zinc-400">{o.hint}</span> : null}
                </li>
              ))}
            </ul>,
            // Fixed to the viewport, so out of any clipping box; inside the page's main landmark.
            ref.current?.closest("main") ?? document.body,
          )
        : null}
      {uploads.length ? (
        <ul aria-live="polite" className="mt-1 space-y-1 text-xs text-zinc-600 dark:text-zinc-400" data-testid="upload-progress">
          {uploads.map((u) => (
            <li key={u.id} className="flex items-center gap-2">
              <span>{tc("uploading", { name: u.name })}</span>
              <progress max={1} value={u.progress} className="h-1.5 w-32" aria-label={tc("uploadingLabel", { name: u.name })} />
              <span>{Math.round(u.progress * 100)}%</span>
            </li>
          ))}
        </ul>
      ) : null}
      {uploadError ? (
        <p id={`${id}-upload-error`} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
          {uploadError}
        </p>
      ) : null}
    </div>
  );
});
