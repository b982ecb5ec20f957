"use client";

import {
  forwardRef,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from "react";
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
 * Places the suggestion list at the caret, inside the viewport (the visual one: a phone's keyboard
 * shrinks it), flipped above the caret when there is no room below, and never over the form's submit
 * button; keeps the highlighted option in view.
 */
function usePlacedList(
  open: boolean,
  box: RefObject<HTMLTextAreaElement | null>,
  listRef: RefObject<HTMLUListElement | null>,
  suggest: Suggest | null,
  count: number,
  active: number,
) {
  // The list opens at the caret, inside the viewport (the visual one: a phone's keyboard shrinks it),
  // flipped above the caret when there is no room below, and never over the form's submit button.
  useLayoutEffect(() => {
    const el = box.current;
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
  }, [open, suggest, count, box, listRef]);

  // The highlighted option stays in view in a list shortened to fit.
  useLayoutEffect(() => {
    if (open) listRef.current?.children[Math.min(active, count - 1)]?.scrollIntoView({ block: "nearest" });
  }, [open, active, count, listRef]);
}

/**
 * The box's edits: replaceRange (through the browser's editing, so undo works), the toolbar's tools
 * and insertAtCaret (a quote-reply or an upload placeholder, on a paragraph of its own).
 */
type Editing = {
  replaceRange: (start: number, end: number, text: string, sel?: [number, number]) => void;
  tools: Tools;
  insertAtCaret: (text: string) => void;
};

type TextareaRef = RefObject<HTMLTextAreaElement | null>;
type OnChange = (v: string) => void;
type Latest = RefObject<string>;

function useMarkdownEditing(ref: TextareaRef, onChange: OnChange, latest: Latest): Editing {
  const tc = useTranslations("Composer");

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

  return { replaceRange, tools, insertAtCaret };
}

type Upload = { id: string; name: string; progress: number };

/**
 * Images uploaded one after another, each first as a placeholder at the caret that the uploaded
 * image's markdown replaces (or that goes away with an error shown).
 */
function useImageUploads(
  insertAtCaret: (text: string) => void,
  onChange: (v: string) => void,
  latest: RefObject<string>,
): { uploads: Upload[]; uploadError: string | null; upload(files: File[]): Promise<void> } {
  const tc = useTranslations("Composer");
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [uploadError, setUploadError] = useState<string | null>(null);
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

  return { uploads, uploadError, upload };
}

/** The `@` member or `:` emoji suggestions for the token at the caret, and the highlighted one. */
function useSuggestions(postId: number | undefined) {
  const tc = useTranslations("Composer");
  const [suggest, setSuggest] = useState<Suggest | null>(null);
  const [active, setActive] = useState(0);
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

  function refreshSuggest(el: HTMLTextAreaElement) {
    const t = el.selectionStart === el.selectionEnd ? tokenAt(el.value, el.selectionStart) : null;
    setSuggest((prev) => (prev?.kind === t?.kind && prev?.query === t?.query && prev?.start === t?.start ? prev : t));
    if (!t || t.query !== suggest?.query) setActive(0);
  }

  return { suggest, setSuggest, active, setActive, options, open, refreshSuggest };
}

/**
 * The box's keys: arrows, Enter/Tab and Escape in an open suggestion list; Ctrl/⌘ + Enter to submit;
 * Ctrl/⌘ + B, I, K, E for bold, italic, link and code.
 */
function composerKeyDown(
  e: KeyboardEvent<HTMLTextAreaElement>,
  box: {
    open: boolean;
    options: Option[];
    active: number;
    setActive: (f: (i: number) => number) => void;
    choose: (o: Option) => void;
    close: () => void;
    onSubmitShortcut?: () => void;
    tools: Tools;
  },
) {
  const { open, options, active, setActive, choose, onSubmitShortcut, tools } = box;
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
      box.close();
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

/**
 * The markdown box of the post editor and the comment form: a formatting toolbar with keyboard
 * shortcuts (Ctrl/⌘ + B, I, K, E), `@` member and `:` emoji suggestions (arrows, Enter/Tab, Escape),
 * and images uploaded by paste, drop or the toolbar with a placeholder that shows the progress.
 * Edits go through the browser's own editing (execCommand insertText), so Ctrl+Z undoes them.
 */
type ComposerProps = {
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
};

export const Composer = forwardRef<ComposerHandle, ComposerProps>(function Composer(
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
  // The value of this render, for the upload callbacks that finish later: as it always was; the
  // compiler's lint skipped the component before it was split.
  // eslint-disable-next-line react-hooks/refs
  latest.current = value;
  const listId = useId();

  const { suggest, setSuggest, active, setActive, options, open, refreshSuggest } = useSuggestions(postId);
  const listRef = useRef<HTMLUListElement>(null);

  usePlacedList(open, ref, listRef, suggest, options.length, active);

  const { replaceRange, tools, insertAtCaret } = useMarkdownEditing(ref, onChange, latest);

  useImperativeHandle(handle, () => ({ insert: insertAtCaret, focus: () => ref.current?.focus() }));

  const { uploads, uploadError, upload } = useImageUploads(insertAtCaret, onChange, latest);

  function choose(o: Option) {
    const el = ref.current;
    if (!el || !suggest) return;
    replaceRange(suggest.start, el.selectionStart, o.insert);
    setSuggest(null);
  }

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) =>
    composerKeyDown(e, { open, options, active, setActive, choose, close: () => setSuggest(null), onSubmitShortcut, tools });

  return (
    <div className="relative">
      <FormattingToolbar id={id} tools={tools} fileRef={fileRef} extraTools={extraTools} onFiles={(files) => void upload(files)} />
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
      {open ? (
        <SuggestionList
          listRef={listRef}
          listId={listId}
          label={suggest?.kind === "mention" ? tc("members") : tc("emoji")}
          options={options}
          active={active}
          onActive={setActive}
          onChoose={choose}
          // Fixed to the viewport, so out of any clipping box; inside the page's main landmark (the list
          // only opens once the box is mounted and typed in).
          // eslint-disable-next-line react-hooks/refs
          container={ref.current?.closest("main") ?? document.body}
        />
      ) : null}
      {uploads.length ? <UploadProgress uploads={uploads} /> : null}
      {uploadError ? (
        <p id={`${id}-upload-error`} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
          {uploadError}
        </p>
      ) : null}
    </div>
  );
});

type Tools = Record<"bold" | "italic" | "link" | "quote" | "code" | "list" | "orderedList", () => void>;

const TOOL_BUTTON =
  "inline-flex h-8 w-8 items-center justify-center rounded text-zinc-700 hover:bg-zinc-200 focus-visible:outline-2 focus-visible:outline-sky-600 dark:text-zinc-300 dark:hover:bg-zinc-800";
const TOOL_ICON = "h-4 w-4";

/** A toolbar button that keeps the textarea's selection (no focus change on mouse down). */
function ToolButton({ label, keys, onClick, icon }: { label: string; keys: string | null; onClick: () => void; icon: ReactNode }) {
  return (
    <button
      type="button"
      className={TOOL_BUTTON}
      aria-label={label}
      title={keys ? `${label} (${keys})` : label}
      aria-keyshortcuts={keys?.replace("Ctrl", "Control") ?? undefined}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
    >
      {icon}
    </button>
  );
}

/** The formatting toolbar of the box `id`, with the hidden file input its image button opens. */
function FormattingToolbar({
  id,
  tools,
  fileRef,
  extraTools,
  onFiles,
}: {
  id: string;
  tools: Tools;
  fileRef: RefObject<HTMLInputElement | null>;
  extraTools?: ReactNode;
  onFiles: (files: File[]) => void;
}) {
  const tc = useTranslations("Composer");
  const icon = TOOL_ICON;
  return (
    <div
      role="toolbar"
      aria-label={tc("formatting")}
      aria-controls={id}
      className="flex flex-wrap items-center gap-0.5 rounded-t-md border border-b-0 border-zinc-300 bg-zinc-50 px-1 py-0.5 dark:border-zinc-700 dark:bg-zinc-900"
    >
      <ToolButton label={tc("bold")} keys="Ctrl+B" onClick={tools.bold} icon={<Bold aria-hidden="true" className={icon} />} />
      <ToolButton label={tc("italic")} keys="Ctrl+I" onClick={tools.italic} icon={<Italic aria-hidden="true" className={icon} />} />
      <ToolButton label={tc("link")} keys="Ctrl+K" onClick={tools.link} icon={<Link2 aria-hidden="true" className={icon} />} />
      <ToolButton label={tc("quote")} keys={null} onClick={tools.quote} icon={<TextQuote aria-hidden="true" className={icon} />} />
      <ToolButton label={tc("code")} keys="Ctrl+E" onClick={tools.code} icon={<Code aria-hidden="true" className={icon} />} />
      <ToolButton label={tc("bulletedList")} keys={null} onClick={tools.list} icon={<List aria-hidden="true" className={icon} />} />
      <ToolButton
        label={tc("numberedList")}
        keys={null}
        onClick={tools.orderedList}
        icon={<ListOrdered aria-hidden="true" className={icon} />}
      />
      <ToolButton
        label={tc("addImage")}
        keys={null}
        onClick={() => fileRef.current?.click()}
        icon={<ImagePlus aria-hidden="true" className={icon} />}
      />
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
          onFiles(files);
        }}
      />
    </div>
  );
}

/** The `@` or `:` suggestions, portalled into `container` and placed by usePlacedList. */
function SuggestionList({
  listRef,
  listId,
  label,
  options,
  active,
  onActive,
  onChoose,
  container,
}: {
  listRef: RefObject<HTMLUListElement | null>;
  listId: string;
  label: string;
  options: Option[];
  active: number;
  onActive: (i: number) => void;
  onChoose: (o: Option) => void;
  container: Element;
}) {
  return createPortal(
    <ul
      ref={listRef}
      id={listId}
      role="listbox"
      aria-label={label}
      // Placed by usePlacedList (fixed, at the caret); hidden until then.
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
          onMouseEnter={() => onActive(i)}
          onClick={() => onChoose(o)}
        >
          {o.avatar ? <Avatar src={o.avatar} name={o.label} size={20} decorative /> : null}
          <span className="font-medium">{o.label}</span>
          {o.hint ? <span className="ml-auto text-xs text-zinc-600 dark:text-zinc-400">{o.hint}</span> : null}
        </li>
      ))}
    </ul>,
    container,
  );
}

/** The images being uploaded, each with its progress. */
function UploadProgress({ uploads }: { uploads: Upload[] }) {
  const tc = useTranslations("Composer");
  return (
    <ul aria-live="polite" className="mt-1 space-y-1 text-xs text-zinc-600 dark:text-zinc-400" data-testid="upload-progress">
      {uploads.map((u) => (
        <li key={u.id} className="flex items-center gap-2">
          <span>{tc("uploading", { name: u.name })}</span>
          <progress max={1} value={u.progress} className="h-1.5 w-32" aria-label={tc("uploadingLabel", { name: u.name })} />
          <span>{Math.round(u.progress * 100)}%</span>
        </li>
      ))}
    </ul>
  );
}
