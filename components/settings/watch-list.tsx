"use client";

import { useState } from "react";
import { Folder, Hash } from "lucide-react";
import { useTranslations } from "next-intl";
import { WatchControl, useWatches, type WatchTarget } from "@/components/settings/watch-control";
import type { WatchDto } from "@/lib/validation/account";

/**
 * /settings/watching: the categories and tags the member watches or muted, each with its control. A
 * row set back to Normal stays listed until the page is left, so a slip can be undone in place.
 */
export function WatchList({ initial }: { initial: WatchDto[] }) {
  const t = useTranslations("SettingsWatching");
  const { data = initial } = useWatches();
  const [seen, setSeen] = useState<WatchTarget[]>(() => initial.map(({ kind, id, name }) => ({ kind, id, name })));
  const key = (t: { kind: string; id: number }) => `${t.kind}-${t.id}`;
  const rows = [...seen];
  for (const w of data) if (!rows.some((r) => key(r) === key(w))) rows.push({ kind: w.kind, id: w.id, name: w.name });
  if (rows.length !== seen.length) setSeen(rows);

  const groups: { kind: WatchTarget["kind"]; title: string }[] = [
    { kind: "category", title: t("categories") },
    { kind: "tag", title: t("tags") },
  ];
  if (!rows.length)
    return (
      <p className="rounded-lg border border-dashed border-zinc-300 p-6 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
        {t("empty")}
      </p>
    );
  return (
    <div className="space-y-6">
      {groups.map(({ kind, title }) => {
        const list = rows.filter((r) => r.kind === kind);
        if (!list.length) return null;
        return (
          <section key={kind} aria-labelledby={`watch-${kind}-heading`} className="space-y-2">
            <h2 id={`watch-${kind}-heading`} className="text-lg font-semibold">
              {title}
            </h2>
            <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
              {list.map((w) => (
                <li key={key(w)} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" data-testid="watch-row">
                  <a
                    href={kind === "category" ? `/c/${w.id}` : `/t/${w.id}`}
                    className="inline-flex min-w-0 items-center gap-1.5 font-medium text-zinc-900 hover:underline dark:text-zinc-100"
                  >
                    {kind === "category" ? (
                      <Folder aria-hidden="true" className="h-4 w-4 shrink-0" />
                    ) : (
                      <Hash aria-hidden="true" className="h-4 w-4 shrink-0" />
                    )}
                    <span className="truncate">{w.name}</span>
                  </a>
                  <WatchControl target={w} compact />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
