"use client";

import {
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type Dispatch,
  type KeyboardEvent,
  type Ref,
  type RefObject,
  type SetStateAction,
} from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { X } from "lucide-react";
import { Avatar } from "@/components/ui/avatar";
import { api, ApiClientError, fieldErrors } from "@/lib/client/api-client";
import { userKeys } from "@/lib/client/query-keys";

/** A member picked as a recipient (a chip). */
export type Recipient = { id: number; username: string; avatar: string | null };

/** What the form around the picker asks of it on submit. */
export type RecipientPickerHandle = {
  /**
   * Turns a name still in the box into a chip (looked up first) and gives every recipient; null when
   * that name is no member's (the inline message says so), so the form sends nothing.
   */
  commit(): Promise<Recipient[] | null>;
};

/** The name being typed: what follows the last separator, `@` optional. */
const cleanName = (s: string) => s.trim().replace(/^@/, "");

type Suggestion = Awaited<ReturnType<typeof api.suggestUsers>>[number];
type RecipientsT = ReturnType<typeof useTranslations<"Messages.recipients">>;
type InputRef = RefObject<HTMLInputElement | null>;
type SetNumber = Dispatch<SetStateAction<number>>;

type RecipientPickerProps = {
  id: string;
  label: string;
  value: Recipient[];
  onChange: (next: Recipient[]) => void;
  /** At most this many recipients. */
  max: number;
  /** The message under the field (this picker's or the form's). */
  error: string | null;
  onError: (message: string | null) => void;
  placeholder?: string;
  autoFocus?: boolean;
  ref?: Ref<RecipientPickerHandle>;
};

/** The latest chips, for lookups that finish after another change. */
function useLatest(value: Recipient[]) {
  const latestRef = useRef(value);
  useLayoutEffect(() => {
    latestRef.current = value;
  }, [value]);
  return latestRef;
}

/** The members whose names start with what is typed, less those already chosen. */
function useSuggestions(query: string, value: Recipient[]) {
  const suggestions = useQuery({
    queryKey: userKeys.suggest(query),
    queryFn: () => api.suggestUsers(query),
    enabled: query.length > 0,
    staleTime: 30_000,
  });
  const chosen = new Set(value.map((r) => r.id));
  const options = query ? (suggestions.data ?? []).filter((u) => !chosen.has(u.id)) : [];
  return { known: suggestions.data, options };
}

/** The member called `name` (the suggestions first, else their profile); null and an inline message when there is none. */
async function lookUp(
  name: string,
  known: Suggestion[] | undefined,
  onError: (message: string | null) => void,
  t: RecipientsT,
): Promise<Recipient | null> {
  const found = (known ?? []).find((u) => u.username.toLowerCase() === name.toLowerCase());
  if (found) return { id: found.id, username: found.username, avatar: found.avatar };
  try {
    const p = await api.profile(name);
    return { id: p.id, username: p.username, avatar: p.avatar ?? null };
  } catch (e) {
    onError(
      e instanceof ApiClientError && e.status === 404 ? t("unknown", { username: name }) : (fieldErrors(e).form ?? t("lookupFailed")),
    );
    return null;
  }
}

/** What the chip edits touch in the box: its text, active option, live message, busy mark and focus. */
type Box = {
  setText: (text: string) => void;
  setActive: SetNumber;
  setStatus: (status: string) => void;
  setLooking: (looking: boolean) => void;
  inputRef: InputRef;
};

type EditsArgs = Pick<RecipientPickerProps, "onChange" | "max" | "onError"> & {
  latestRef: RefObject<Recipient[]>;
  known: Suggestion[] | undefined;
  box: Box;
};

/** Adding (a suggestion, or typed names looked up) and removing chips, at most `max` of them. */
function useRecipientEdits({ onChange, max, onError, latestRef, known, box }: EditsArgs) {
  const t = useTranslations("Messages.recipients");
  const { setText, setActive, setStatus, setLooking, inputRef } = box;

  function add(list: Recipient[], r: Recipient): Recipient[] | null {
    if (list.some((x) => x.id === r.id)) return list;
    if (list.length >= max) {
      onError(t("tooMany", { max }));
      return null;
    }
    return [...list, r];
  }

  function choose(r: Recipient) {
    const next = add(latestRef.current, r);
    if (!next) return;
    latestRef.current = next;
    onChange(next);
    setText("");
    setActive(0);
    onError(null);
    setStatus(t("added", { username: r.username }));
    inputRef.current?.focus();
  }

  function remove(r: Recipient) {
    latestRef.current = latestRef.current.filter((x) => x.id !== r.id);
    onChange(latestRef.current);
    setStatus(t("removed", { username: r.username }));
    onError(null);
    inputRef.current?.focus();
  }

  /**
   * Looks up every name in `raw` (separated by commas or spaces) and adds them; the box keeps what was
   * typed since (`rest`), after the first unknown name, which stays in it to be corrected.
   */
  async function commitText(raw: string, rest = ""): Promise<Recipient[] | null> {
    const names = raw
      .split(/[\s,]+/)
      .map(cleanName)
      .filter(Boolean);
    let list = latestRef.current;
    if (!names.length) return list;
    setLooking(true);
    try {
      for (let i = 0; i < names.length; i++) {
        const r = await lookUp(names[i]!, known, onError, t);
        const next = r ? add(list, r) : null;
        if (!next) {
          latestRef.current = list;
          onChange(list);
          setText([names.slice(i).join(", "), rest].filter(Boolean).join(" "));
          return null;
        }
        list = next;
      }
    } finally {
      setLooking(false);
    }
    latestRef.current = list;
    onChange(list);
    setText(rest);
    setActive(0);
    onError(null);
    setStatus(t("added", { username: names.join(", ") }));
    return list;
  }

  return { choose, remove, commitText };
}

/** What the keys act on (the text and suggestions of this render, and the edits). */
type KeyBox = {
  commitText(raw: string): Promise<Recipient[] | null>;
  open: boolean;
  options: Suggestion[];
  activeIndex: number;
  query: string;
  text: string;
  value: Recipient[];
  setActive: SetNumber;
  setClosed: (closed: boolean) => void;
  choose: (r: Recipient) => void;
  remove: (r: Recipient) => void;
};

/** The box's keys: moving in, picking from and closing the suggestions; ending a name; removing the last chip. */
function pickerKeyDown(e: KeyboardEvent<HTMLInputElement>, box: KeyBox) {
  const { open, options, activeIndex, query, text, value } = box;
  if (open && (e.key === "ArrowDown" || e.key === "ArrowUp")) {
    e.preventDefault();
    box.setActive((i) => (i + (e.key === "ArrowDown" ? 1 : options.length - 1)) % options.length);
    return;
  }
  if (e.key === "ArrowDown" && query) {
    e.preventDefault();
    box.setClosed(false);
    return;
  }
  if (open && (e.key === "Enter" || (e.key === "Tab" && !e.shiftKey))) {
    e.preventDefault();
    const o = options[activeIndex];
    if (o) box.choose({ id: o.id, username: o.username, avatar: o.avatar });
    return;
  }
  if (e.key === "Escape" && open) {
    // Closes the suggestions only (a form around may close itself on a second Escape).
    e.preventDefault();
    e.stopPropagation();
    box.setClosed(true);
    return;
  }
  if ((e.key === "Enter" || e.key === "," || e.key === " ") && query) {
    e.preventDefault();
    void box.commitText(text);
    return;
  }
  if (e.key === "Backspace" && !text && value.length) {
    e.preventDefault();
    box.remove(value[value.length - 1]!);
  }
}

/** The picker's state: the box's text, the suggestions and which is active, and the chip edits. */
function useRecipientPicker({ id, value, onChange, max, error, onError, ref }: RecipientPickerProps) {
  const [text, setText] = useState("");
  const [active, setActive] = useState(0);
  const [closed, setClosed] = useState(false);
  const [looking, setLooking] = useState(false);
  const [status, setStatus] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const latestRef = useLatest(value);
  const listId = `${id}-suggestions`;
  const chipsId = useId();

  const query = cleanName(text);
  const { known, options } = useSuggestions(query, value);
  const open = !closed && options.length > 0;
  const activeIndex = Math.min(active, options.length - 1);
  const box = { setText, setActive, setStatus, setLooking, inputRef };
  const { choose, remove, commitText } = useRecipientEdits({ onChange, max, onError, latestRef, known, box });

  useImperativeHandle(ref, () => ({ commit: () => commitText(text) }));

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    pickerKeyDown(e, { open, options, activeIndex, query, text, value, setActive, setClosed, choose, remove, commitText });
  }

  function onInput(v: string) {
    setText(v);
    setActive(0);
    setClosed(false);
    if (error) onError(null);
    // A pasted list: the names before the last separator become chips.
    const cut = Math.max(v.lastIndexOf(","), v.lastIndexOf(" "));
    if (cut > 0 && cleanName(v.slice(0, cut))) void commitText(v.slice(0, cut), v.slice(cut + 1));
  }

  return {
    text,
    setActive,
    setClosed,
    looking,
    status,
    inputRef,
    listId,
    chipsId,
    options,
    open,
    activeIndex,
    choose,
    remove,
    onKeyDown,
    onInput,
  };
}

/**
 * The recipients of a direct message or of people added to a group: usernames suggested as
 * one types, from the `@` mention suggester's endpoint and query (GET /api/users/suggest, the composer's
 * `userKeys.suggest`); each chosen member becomes a chip with a remove button. A name typed and ended
 * with Enter, a comma or a space (or left in the box when the form is sent) is looked up, and a name
 * that is no member's is refused there, with an inline message, before anything is sent.
 *
 * Keyboard: ↓/↑ move in the suggestions, Enter or Tab picks one, Escape closes them, Backspace in an
 * empty box removes the last chip; each chip's remove button is in the tab order. The box is an ARIA
 * combobox whose listbox is announced with the active option; chips are a list named by the label.
 */
export function RecipientPicker(props: RecipientPickerProps) {
  const { id, label, value, error, placeholder, autoFocus } = props;
  const p = useRecipientPicker(props);
  const { inputRef, listId, open, activeIndex, setClosed } = p;

  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <div
        className="relative flex flex-wrap items-center gap-1.5 rounded-md border border-zinc-300 bg-white px-2 py-1.5 focus-within:border-sky-600 focus-within:outline-2 focus-within:outline-sky-600 data-[invalid=true]:border-red-600 dark:border-zinc-700 dark:bg-zinc-900"
        data-invalid={!!error || undefined}
        onClick={(e) => e.target === e.currentTarget && inputRef.current?.focus()}
      >
        {value.length ? <RecipientChips id={p.chipsId} value={value} onRemove={p.remove} /> : null}
        <input
          ref={inputRef}
          id={id}
          role="combobox"
          className="min-w-32 flex-1 bg-transparent px-1 py-1 text-sm text-zinc-900 outline-none placeholder:text-zinc-500 dark:text-zinc-100 dark:placeholder:text-zinc-400"
          // The box around shows the focus (focus-within); the site-wide :focus-visible ring would draw a second one inside it.
          style={{ outline: "none" }}
          value={p.text}
          onChange={(e) => p.onInput(e.target.value)}
          onKeyDown={p.onKeyDown}
          onBlur={() => setTimeout(() => setClosed(true), 150)}
          onFocus={() => setClosed(false)}
          autoFocus={autoFocus}
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open ? `${listId}-${activeIndex}` : undefined}
          aria-invalid={!!error || undefined}
          aria-describedby={[error ? `${id}-error` : `${id}-hint`, value.length ? p.chipsId : null].filter(Boolean).join(" ")}
          aria-busy={p.looking || undefined}
          placeholder={value.length ? undefined : placeholder}
          data-testid="recipient-input"
        />
        <SuggestionList
          listId={listId}
          open={open}
          options={p.options}
          activeIndex={activeIndex}
          setActive={p.setActive}
          choose={p.choose}
        />
      </div>
      <FieldNote id={id} error={error} />
      <span className="sr-only" role="status" aria-live="polite">
        {p.status}
      </span>
    </div>
  );
}

/** The chosen members, each with its remove button (in the tab order). */
function RecipientChips({ id, value, onRemove }: { id: string; value: Recipient[]; onRemove: (r: Recipient) => void }) {
  const t = useTranslations("Messages.recipients");
  return (
    <ul id={id} aria-label={t("chosen")} className="contents" data-testid="recipient-chips">
      {value.map((r) => (
        <li
          key={r.id}
          className="inline-flex items-center gap-1 rounded-full bg-sky-100 py-0.5 pr-0.5 pl-1 text-sm text-sky-900 dark:bg-sky-900/60 dark:text-sky-50"
          data-testid="recipient-chip"
        >
          {r.avatar ? <Avatar src={r.avatar} name={r.username} size={20} decorative /> : null}
          <span className="px-0.5 font-medium">{r.username}</span>
          <button
            type="button"
            className="inline-flex h-6 w-6 items-center justify-center rounded-full text-sky-900 hover:bg-sky-200 focus-visible:outline-2 focus-visible:outline-sky-600 dark:text-sky-50 dark:hover:bg-sky-800"
            aria-label={t("remove", { username: r.username })}
            onClick={() => onRemove(r)}
          >
            <X className="h-3.5 w-3.5" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The combobox's listbox; its options are rendered only while it is open. */
function SuggestionList({
  listId,
  open,
  options,
  activeIndex,
  setActive,
  choose,
}: {
  listId: string;
  open: boolean;
  options: Suggestion[];
  activeIndex: number;
  setActive: SetNumber;
  choose: (r: Recipient) => void;
}) {
  const t = useTranslations("Messages.recipients");
  return (
    <ul
      id={listId}
      role="listbox"
      aria-label={t("suggestions")}
      hidden={!open}
      className="absolute top-full right-0 left-0 z-30 mt-1 max-h-64 overflow-auto rounded-md border border-zinc-200 bg-white py-1 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
      data-testid="recipient-suggestions"
    >
      {open
        ? options.map((o, i) => (
            <li
              key={o.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === activeIndex}
              className={`flex cursor-pointer items-center gap-2 px-3 py-1.5 ${i === activeIndex ? "bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-50" : "text-zinc-800 dark:text-zinc-200"}`}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => choose({ id: o.id, username: o.username, avatar: o.avatar })}
            >
              {o.avatar ? <Avatar src={o.avatar} name={o.username} size={20} decorative /> : null}
              <span className="font-medium">{o.username}</span>
              {o.displayName ? <span className="truncate text-xs text-zinc-600 dark:text-zinc-400">{o.displayName}</span> : null}
            </li>
          ))
        : null}
    </ul>
  );
}

/** The field's error (announced) or, without one, its hint. */
function FieldNote({ id, error }: { id: string; error: string | null }) {
  const t = useTranslations("Messages.recipients");
  return error ? (
    <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="recipient-error">
      {error}
    </p>
  ) : (
    <p id={`${id}-hint`} className="text-xs text-zinc-600 dark:text-zinc-400">
      {t("hint")}
    </p>
  );
}
