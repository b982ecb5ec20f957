"use client";

import { useLocale, useTranslations } from "next-intl";
import { absoluteTime } from "@/components/ui/relative-time";
import { useState } from "react";
import { DiffModeSwitch, DiffView, type DiffMode } from "@/components/history/diff-view";
import type { LegalHistoryDto } from "@/lib/validation/site";

/**
 * A legal page's versions, each diffed against the one before it with the post history's diff view
 * (components/history/diff-view.tsx), newest first.
 */
export function LegalHistory({ history }: { history: LegalHistoryDto }) {
  const t = useTranslations("Legal");
  const locale = useLocale();
  const [mode, setMode] = useState<DiffMode>("inline");
  const revs = history.revisions;
  return (
    <div className="space-y-4">
      <DiffModeSwitch mode={mode} onChange={setMode} />
      <ol className="space-y-6">
        {revs.map((r, i) => {
          const before = revs[i + 1];
          return (
            <li key={r.version} className="space-y-2" data-testid="legal-revision">
              <h2 className="font-semibold">
                {r.version === 0
                  ? t("builtIn")
                  : t("revision", {
                      version: r.version,
                      author: r.author ?? t("formerMember"),
                      date: absoluteTime(r.createdAt, locale === "zh-CN" ? "zh-CN" : "en"),
                    })}
              </h2>
              {before ? (
                <DiffView
                  oldText={before.markdown}
                  newText={r.markdown}
                  mode={mode}
                  labels={[t("versionShort", { version: before.version }), t("versionShort", { version: r.version })]}
                />
              ) : (
                <pre className="overflow-x-auto rounded-md border border-zinc-200 p-3 text-sm whitespace-pre-wrap dark:border-zinc-800">
                  {r.markdown}
                </pre>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
