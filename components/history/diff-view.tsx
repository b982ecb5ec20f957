"use client";

import { useId, useMemo, useState } from "react";
import { useTranslations } from "next-intl";
import { diffText, foldContext, unifiedText, type DiffLine, type Segment, type SplitRow } from "@/lib/diff";

export type DiffMode = "inline" | "split" | "raw";
/** The diff views, each worded by Diff.mode.<mode> in the catalogs. */
export const DIFF_MODES: DiffMode[] = ["inline", "split", "raw"];

/** The three-way switch of diff views (a radio group rendered as segmented buttons). */
export function DiffModeSwitch({ mode, onChange }: { mode: DiffMode; onChange: (m: DiffMode) => void }) {
  const name = useId();
  const t = useTranslations("Diff");
  return (
    <fieldset className="inline-flex overflow-hidden rounded-md border border-zinc-300 text-sm dark:border-zinc-700">
      <legend className="sr-only">{t("view")}</legend>
      {DIFF_MODES.map((m) => (
        <label
          key={m}
          className={`cursor-pointer px-2.5 py-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-sky-600 ${
            mode === m ? "bg-sky-700 text-white dark:bg-sky-700" : "bg-white hover:bg-zinc-100 dark:bg-zinc-900 dark:hover:bg-zinc-800"
          }`}
        >
          <input type="radio" name={name} value={m} checked={mode === m} onChange={() => onChange(m)} className="sr-only" />
          {t(`mode.${m}`)}
        </label>
      ))}
    </fieldset>
  );
}

const segClass: Record<Segment["kind"], string> = {
  same: "",
  added: "rounded-sm bg-emerald-300/70 text-emerald-950 dark:bg-emerald-700/70 dark:text-emerald-50",
  removed: "rounded-sm bg-red-300/70 text-red-950 line-through decoration-red-700/60 dark:bg-red-800/70 dark:text-red-50",
};
const lineClass: Record<DiffLine["kind"], string> = {
  same: "",
  added: "bg-emerald-50 dark:bg-emerald-950/40",
  removed: "bg-red-50 dark:bg-red-950/40",
};
const marker: Record<DiffLine["kind"], string> = { same: " ", added: "+", removed: "−" };
/** What a screen reader hears before a changed line ("added: "), in the page's language. */
function SrKind({ kind }: { kind: DiffLine["kind"] }) {
  const t = useTranslations("Diff");
  return kind === "same" ? null : <span className="sr-only">{t(kind === "added" ? "srAdded" : "srRemoved")}</span>;
}

/** Segments as React text (escaped by React): changed words are <ins>/<del>, so screen readers announce them. */
function Segments({ segments }: { segments: Segment[] }) {
  if (!segments.length) return <span className="text-zinc-400">{"\u00a0"}</span>;
  return (
    <>
      {segments.map((s, i) =>
        s.kind === "same" ? (
          <span key={i}>{s.text}</span>
        ) : s.kind === "added" ? (
          <ins key={i} className={`no-underline ${segClass.added}`}>
            {s.text}
          </ins>
        ) : (
          <del key={i} className={segClass.removed}>
            {s.text}
          </del>
        ),
      )}
    </>
  );
}

function Gap({ count, onExpand }: { count: number; onExpand: () => void }) {
  const t = useTranslations("Diff");
  return (
    <button
      type="button"
      onClick={onExpand}
      className="block w-full bg-zinc-100 px-3 py-1 text-left text-xs text-sky-800 hover:bg-zinc-200 dark:bg-zinc-800 dark:text-sky-300 dark:hover:bg-zinc-700"
    >
      {t("showUnchanged", { count })}
    </button>
  );
}

/**
 * Rows shown before "Show all": a diff of two very different long versions has thousands of changed
 * lines, and rendering them all (on the server too) is what made the history page slow.
 */
const MAX_ROWS = 400;

function More({ count, onExpand }: { count: number; onExpand: () => void }) {
  const t = useTranslations("Diff");
  return (
    <button
      type="button"
      onClick={onExpand}
      className="block w-full bg-zinc-100 px-3 py-1 text-left text-xs text-sky-800 hover:bg-zinc-200 dark:bg-zinc-800 dark:text-sky-300 dark:hover:bg-zinc-700"
    >
      {t("showAll", { count })}
    </button>
  );
}

function InlineDiff({ lines, expanded, onExpand }: { lines: DiffLine[]; expanded: boolean; onExpand: () => void }) {
  const all = expanded ? lines.map((item) => ({ item })) : foldContext(lines, (l) => l.kind !== "same");
  const items = expanded ? all : all.slice(0, MAX_ROWS);
  const t = useTranslations("Diff");
  return (
    <div role="table" aria-label={t("inline")} className="min-w-0 font-mono text-[13px] leading-5" data-testid="diff-inline">
      {items.map((f, i) =>
        "gap" in f ? (
          <div role="row" key={`g${i}`}>
            <div role="cell">
              <Gap count={f.gap} onExpand={onExpand} />
            </div>
          </div>
        ) : (
          <div role="row" key={i} className={`flex ${lineClass[f.item.kind]}`} data-kind={f.item.kind}>
            <span
              role="cell"
              className="w-9 shrink-0 pr-1 text-right text-zinc-600 select-none dark:text-zinc-400"
              aria-label={t("oldLine")}
            >
              {f.item.oldNo ?? ""}
            </span>
            <span
              role="cell"
              className="w-9 shrink-0 pr-1 text-right text-zinc-600 select-none dark:text-zinc-400"
              aria-label={t("newLine")}
            >
              {f.item.newNo ?? ""}
            </span>
            <span aria-hidden="true" className="w-4 shrink-0 text-center text-zinc-600 select-none dark:text-zinc-400">
              {marker[f.item.kind]}
            </span>
            <span role="cell" className="min-w-0 flex-1 pr-2 break-words whitespace-pre-wrap">
              <SrKind kind={f.item.kind} />
              <Segments segments={f.item.segments} />
            </span>
          </div>
        ),
      )}
      {all.length > items.length ? (
        <div role="row">
          <div role="cell">
            <More count={all.length - items.length} onExpand={onExpand} />
          </div>
        </div>
      ) : null}
    </div>
  );
}

function Cell({ cell }: { cell: SplitRow["left"] }) {
  if (!cell) return <div role="cell" className="col-span-2 bg-zinc-50 dark:bg-zinc-900/60" />;
  return (
    <>
      <span role="cell" className={`pr-1 text-right text-zinc-600 select-none dark:text-zinc-400 ${lineClass[cell.kind]}`}>
        {cell.no}
      </span>
      <span role="cell" className={`min-w-0 pr-2 break-words whitespace-pre-wrap ${lineClass[cell.kind]}`}>
        <SrKind kind={cell.kind} />
        <Segments segments={cell.segments} />
      </span>
    </>
  );
}

function SplitDiff({
  rows,
  expanded,
  onExpand,
  labels,
}: {
  rows: SplitRow[];
  expanded: boolean;
  onExpand: () => void;
  labels: [string, string];
}) {
  const all = expanded ? rows.map((item) => ({ item })) : foldContext(rows, (r) => r.left?.kind !== "same" || r.right?.kind !== "same");
  const items = expanded ? all : all.slice(0, MAX_ROWS);
  const t = useTranslations("Diff");
  return (
    <div
      role="table"
      aria-label={t("split")}
      className="grid grid-cols-[2.25rem_minmax(0,1fr)_2.25rem_minmax(0,1fr)] font-mono text-[13px] leading-5"
      data-testid="diff-split"
    >
      <div role="row" className="contents">
        <span
          role="columnheader"
          className="col-span-2 border-b border-zinc-200 px-2 py-1 font-sans text-xs font-semibold text-zinc-600 dark:border-zinc-800 dark:text-zinc-400"
        >
          {labels[0]}
        </span>
        <span
          role="columnheader"
          className="col-span-2 border-b border-l border-zinc-200 px-2 py-1 font-sans text-xs font-semibold text-zinc-600 dark:border-zinc-800 dark:text-zinc-400"
        >
          {labels[1]}
        </span>
      </div>
      {items.map((f, i) =>
        "gap" in f ? (
          <div role="row" key={`g${i}`} className="col-span-4">
            <div role="cell">
              <Gap count={f.gap} onExpand={onExpand} />
            </div>
          </div>
        ) : (
          <div role="row" key={i} className="contents">
            <Cell cell={f.item.left} />
            <Cell cell={f.item.right} />
          </div>
        ),
      )}
      {all.length > items.length ? (
        <div role="row" className="col-span-4">
          <div role="cell">
            <More count={all.length - items.length} onExpand={onExpand} />
          </div>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The diff between two texts in one of three views. "Side by side" needs room: below the `md`
 * breakpoint it shows the inline view instead. All text is rendered as React text, never as HTML.
 */
export function DiffView({
  oldText,
  newText,
  mode,
  labels: given,
}: {
  oldText: string;
  newText: string;
  mode: DiffMode;
  labels?: [string, string];
}) {
  const t = useTranslations("Diff");
  const labels = given ?? [t("before"), t("after")];
  const diff = useMemo(() => diffText(oldText, newText), [oldText, newText]);
  const [expanded, setExpanded] = useState(false);
  const expand = () => setExpanded(true);

  return (
    <div className="overflow-hidden rounded-md border border-zinc-200 dark:border-zinc-800" data-testid="diff-view" data-mode={mode}>
      <p className="flex flex-wrap gap-3 border-b border-zinc-200 bg-zinc-50 px-3 py-1.5 text-xs text-zinc-600 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400">
        {diff.unchanged ? (
          <span>{t("none")}</span>
        ) : (
          <>
            <span className="text-emerald-700 dark:text-emerald-400">{t("added", { count: diff.added })}</span>
            <span className="text-red-700 dark:text-red-400">{t("removed", { count: diff.removed })}</span>
            {diff.exact ? null : <span>{t("tooDifferent")}</span>}
          </>
        )}
      </p>
      <div className="overflow-x-auto">
        {mode === "inline" ? <InlineDiff lines={diff.lines} expanded={expanded} onExpand={expand} /> : null}
        {mode === "split" ? (
          <>
            <div className="hidden md:block">
              <SplitDiff rows={diff.rows} expanded={expanded} onExpand={expand} labels={labels} />
            </div>
            <div className="md:hidden">
              <InlineDiff lines={diff.lines} expanded={expanded} onExpand={expand} />
            </div>
          </>
        ) : null}
        {mode === "raw" ? <RawDiff oldText={oldText} newText={newText} unified={unifiedText(diff)} labels={labels} /> : null}
      </div>
    </div>
  );
}

function RawDiff({ oldText, newText, unified, labels }: { oldText: string; newText: string; unified: string; labels: [string, string] }) {
  const t = useTranslations("Diff");
  const box = "max-h-96 overflow-auto whitespace-pre-wrap break-words p-3 font-mono text-[13px] leading-5";
  return (
    <div data-testid="diff-raw" className="divide-y divide-zinc-200 dark:divide-zinc-800">
      <section aria-label={t("unified")}>
        <h4 className="px-3 pt-2 text-xs font-semibold text-zinc-600 dark:text-zinc-400">{t("unified")}</h4>
        <pre className={box}>{unified}</pre>
      </section>
      <div className="grid md:grid-cols-2 md:divide-x md:divide-zinc-200 dark:md:divide-zinc-800">
        <section aria-label={t("markdown", { label: labels[0] })}>
          <h4 className="px-3 pt-2 text-xs font-semibold text-zinc-600 dark:text-zinc-400">{t("markdown", { label: labels[0] })}</h4>
          <pre className={box} data-testid="raw-old">
            {oldText}
          </pre>
        </section>
        <section aria-label={t("markdown", { label: labels[1] })}>
          <h4 className="px-3 pt-2 text-xs font-semibold text-zinc-600 dark:text-zinc-400">{t("markdown", { label: labels[1] })}</h4>
          <pre className={box} data-testid="raw-new">
            {newText}
          </pre>
        </section>
      </div>
    </div>
  );
}
