"use client";

import { createContext, useContext, useId, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { DiffView, type DiffMode } from "@/components/history/diff-view";
import { RenderedDiff } from "@/components/history/rendered-diff";
import { versionKey } from "@/components/history/version-key";

/** "Rendered": the versions as readers saw them, changes marked; "Source": the markdown diff (three views). */
export type HistoryView = "rendered" | "source";

/** The server's renders of the content versions, by versionKey (app/(forum)/posts/[id]/history/page.tsx). */
const Rendered = createContext<Readonly<Record<string, string>>>({});

export function RenderedVersionsProvider({ html, children }: { html: Readonly<Record<string, string>>; children: ReactNode }) {
  return <Rendered.Provider value={html}>{children}</Rendered.Provider>;
}

function useRenderedHtml(text: string): string | null {
  return useContext(Rendered)[versionKey(text)] ?? null;
}

/** The "Rendered | Source" switch (a radio group drawn as segmented buttons, like the diff views'). */
export function HistoryViewSwitch({ view, onChange }: { view: HistoryView; onChange: (v: HistoryView) => void }) {
  const name = useId();
  const t = useTranslations("History");
  const options: { view: HistoryView; label: string }[] = [
    { view: "rendered", label: t("rendered") },
    { view: "source", label: t("source") },
  ];
  return (
    <fieldset
      className="inline-flex overflow-hidden rounded-md border border-zinc-300 text-sm dark:border-zinc-700"
      data-testid="history-view-switch"
    >
      <legend className="sr-only">{t("showChanges")}</legend>
      {options.map((o) => (
        <label
          key={o.view}
          className={`cursor-pointer px-2.5 py-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-sky-600 ${
            view === o.view ? "bg-sky-700 text-white dark:bg-sky-700" : "bg-white hover:bg-zinc-100 dark:bg-zinc-900 dark:hover:bg-zinc-800"
          }`}
        >
          <input type="radio" name={name} value={o.view} checked={view === o.view} onChange={() => onChange(o.view)} className="sr-only" />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}

/** A content change in the chosen view: rendered (server HTML compared by block) or the source diff. */
export function ContentDiff({
  oldText,
  newText,
  mode,
  view,
  labels,
}: {
  oldText: string;
  newText: string;
  mode: DiffMode;
  view: HistoryView;
  labels: [string, string];
}) {
  const oldHtml = useRenderedHtml(oldText);
  const newHtml = useRenderedHtml(newText);
  if (view === "rendered") return <RenderedDiff oldHtml={oldHtml} newHtml={newHtml} />;
  return <DiffView oldText={oldText} newText={newText} mode={mode} labels={labels} />;
}
