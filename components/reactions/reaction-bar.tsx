"use client";

import { useTranslations } from "next-intl";
import { Icon } from "@/components/ui/icon";

import { SignInLink } from "@/components/layout/sign-in-link";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { REACTION_TYPES, type ReactionType } from "@/db/schema/values";
import { REACTIONS } from "@/components/reactions/reaction-types";
import type { ReactionDto } from "@/lib/validation/responses";

/** Applies a toggle answer (the added Reaction, or null when `type` was removed) to a list. */
export function applyToggle(list: ReactionDto[], me: string, type: ReactionType, added: ReactionDto | null): ReactionDto[] {
  if (added) return [...list.filter((r) => r.id !== added.id), added];
  return list.filter((r) => !(r.user === me && r.type === type));
}

/**
 * Counts per reaction type (the viewer's own highlighted, aria-pressed) and a picker of all 25 types.
 * `onToggle` performs the request; the parent owns the list.
 */
export function ReactionBar({
  reactions,
  me,
  onToggle,
  label,
  size = "md",
  readOnly = false,
}: {
  reactions: ReactionDto[];
  me: string | null;
  /** Counts only, no picker: the member is suspended, or a moderator rejected the post. */
  readOnly?: boolean;
  onToggle(type: ReactionType): Promise<void>;
  label: string;
  size?: "sm" | "md";
}) {
  const tr = useTranslations("Reactions");
  const name = (type: ReactionType) => tr(`type.${type}`);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<ReactionType | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pickerId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const pickerRef = useRef<HTMLDivElement>(null);
  // The picker's roving focus: one reaction is in the tab order, the arrow keys move it.
  const [focused, setFocused] = useState(0);

  function openPicker() {
    setFocused(0);
    setOpen(true);
  }
  function closePicker(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) toggleRef.current?.focus();
  }

  // When it opens, the picker takes the keyboard (its first reaction); a click outside closes it.
  useEffect(() => {
    if (!open) return;
    pickerRef.current?.querySelector<HTMLButtonElement>("button[tabindex='0']")?.focus();
    const outside = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!pickerRef.current?.contains(t) && !toggleRef.current?.contains(t)) setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);

  /** Arrows move by one (left/right) or a row (up/down), Home/End to the ends; Escape closes. */
  function pickerKeys(e: KeyboardEvent<HTMLDivElement>) {
    const cols = 5;
    const n = REACTION_TYPES.length;
    const to =
      e.key === "ArrowRight"
        ? (focused + 1) % n
        : e.key === "ArrowLeft"
          ? (focused + n - 1) % n
          : e.key === "ArrowDown"
            ? Math.min(n - 1, focused + cols)
            : e.key === "ArrowUp"
              ? Math.max(0, focused - cols)
              : e.key === "Home"
                ? 0
                : e.key === "End"
                  ? n - 1
                  : null;
    if (e.key === "Escape") {
      e.preventDefault();
      closePicker(true);
    } else if (to !== null) {
      e.preventDefault();
      setFocused(to);
      pickerRef.current?.querySelectorAll<HTMLButtonElement>("button")[to]?.focus();
    }
  }

  const counts = new Map<ReactionType, { n: number; mine: boolean; users: string[] }>();
  for (const r of reactions) {
    const c = counts.get(r.type) ?? { n: 0, mine: false, users: [] };
    c.n++;
    c.users.push(r.user);
    if (me && r.user === me) c.mine = true;
    counts.set(r.type, c);
  }
  const shown = REACTION_TYPES.filter((t) => counts.has(t));
  const canReact = !!me && !readOnly;

  async function toggle(type: ReactionType) {
    if (!canReact || busy) return;
    setBusy(type);
    setError(null);
    try {
      await onToggle(type);
    } catch (e) {
      setError(e instanceof Error ? e.message : tr("failed"));
    } finally {
      setBusy(null);
    }
  }

  // Read-only with nothing to count: no empty group (the row around it collapses).
  if (readOnly && !shown.length) return null;
  const pad = size === "sm" ? "h-7 px-2 text-xs" : "h-8 px-2.5 text-sm";
  return (
    <div className="relative" role="group" aria-label={label}>
      <div className="flex flex-wrap items-center gap-1.5">
        {shown.map((t) => {
          const c = counts.get(t)!;
          return (
            <button
              key={t}
              type="button"
              disabled={!canReact || busy !== null}
              aria-pressed={c.mine}
              aria-label={c.mine ? tr("countMine", { name: name(t), count: c.n }) : tr("count", { name: name(t), count: c.n })}
              title={tr("who", { name: name(t), users: `${c.users.slice(0, 10).join(", ")}${c.users.length > 10 ? "…" : ""}` })}
              onClick={() => toggle(t)}
              data-reaction={t}
              className={`inline-flex items-center gap-1 rounded-full border ${pad} ${
                c.mine
                  ? "border-sky-600 bg-sky-50 text-sky-800 dark:border-sky-500 dark:bg-sky-950 dark:text-sky-200"
                  : "border-zinc-300 bg-white text-zinc-700 hover:bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800"
              } disabled:cursor-default`}
            >
              <ReactionIcon type={t} />
              <span>{c.n}</span>
            </button>
          );
        })}
        {canReact ? (
          <button
            ref={toggleRef}
            type="button"
            aria-expanded={open}
            aria-controls={pickerId}
            onClick={() => (open ? closePicker(false) : openPicker())}
            className={`inline-flex items-center gap-1 rounded-full border border-dashed border-zinc-300 ${pad} text-zinc-600 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-400 dark:hover:bg-zinc-800`}
          >
            <Icon name="smile-plus" className="h-3.5 w-3.5" />
            <span className={size === "sm" ? "sr-only" : ""}>{tr("react")}</span>
          </button>
        ) : shown.length === 0 && !me ? (
          <span className="text-xs text-zinc-600 dark:text-zinc-400">
            {tr.rich("signIn", { link: (chunks) => <SignInLink className="underline">{chunks}</SignInLink> })}
          </span>
        ) : null}
      </div>
      {open && canReact ? (
        <div
          ref={pickerRef}
          id={pickerId}
          role="group"
          aria-label={tr("choose")}
          onKeyDown={pickerKeys}
          onBlur={(e) => {
            const next = e.relatedTarget as Node | null;
            if (next && !pickerRef.current?.contains(next) && !toggleRef.current?.contains(next)) setOpen(false);
          }}
          className="absolute z-20 mt-2 grid w-72 grid-cols-5 gap-1 rounded-lg border border-zinc-200 bg-white p-2 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          {REACTION_TYPES.map((t, i) => (
            <button
              key={t}
              type="button"
              tabIndex={i === focused ? 0 : -1}
              onFocus={() => setFocused(i)}
              aria-label={name(t)}
              aria-pressed={counts.get(t)?.mine ?? false}
              title={name(t)}
              disabled={busy !== null}
              data-picker={t}
              onClick={async () => {
                await toggle(t);
                closePicker(true);
              }}
              className="flex h-10 items-center justify-center rounded-md text-xl hover:bg-zinc-100 aria-pressed:bg-sky-100 dark:hover:bg-zinc-800 dark:aria-pressed:bg-sky-950"
            >
              <ReactionIcon type={t} large />
            </button>
          ))}
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="mt-1 text-xs text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A reaction's icon in its colour (and a country's code beside its flag); the control's label names it. */
function ReactionIcon({ type, large = false }: { type: ReactionType; large?: boolean }) {
  const r = REACTIONS[type];
  return (
    <span aria-hidden="true" className={`inline-flex items-center gap-0.5 ${r.tone}`}>
      <Icon name={r.icon} className={large ? "h-5 w-5" : "h-4 w-4"} />
      {r.code ? <span className="text-[0.65rem] font-semibold">{r.code}</span> : null}
    </span>
  );
}
