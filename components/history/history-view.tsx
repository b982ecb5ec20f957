"use client";

import { useMemo, useState } from "react";
import { useTranslations } from "next-intl";
import { useQuery } from "@tanstack/react-query";
import { DiffModeSwitch, type DiffMode } from "@/components/history/diff-view";
import { HistoryCompare } from "@/components/history/history-compare";
import { HistoryEntry, HistoryOrigin, type HistoryOriginInfo } from "@/components/history/history-entry";
import { HistoryViewSwitch, RenderedVersionsProvider, type HistoryView as View } from "@/components/history/rendered-versions";
import { fieldVersions, versionOfEntry, type PostState } from "@/lib/edit-history";
import { api } from "@/lib/client/api-client";
import { postKeys } from "@/lib/client/query-keys";

/**
 * The post history page's interactive part: a compare panel (any two versions of the content or the
 * title, rendered or as source in three diff views, restore) and the timeline of every change log
 * entry, newest first. `rendered`: the server's renders of the content versions (by versionKey).
 */
export function HistoryView({
  postId,
  current,
  origin,
  canRestore,
  rendered = {},
}: {
  postId: number;
  current: PostState;
  origin: HistoryOriginInfo;
  canRestore: boolean;
  rendered?: Readonly<Record<string, string>>;
}) {
  const t = useTranslations("History");
  const { data: logs = [] } = useQuery({
    queryKey: postKeys.changeLogs(postId),
    queryFn: () => api.changeLogs(postId),
  });
  const [mode, setMode] = useState<DiffMode>("inline");
  const [view, setView] = useState<View>("source");

  const versions = useMemo(
    () => ({
      content: fieldVersions(logs, "content", current.content, origin),
      title: fieldVersions(logs, "title", current.title, origin),
    }),
    [logs, current.content, current.title, origin],
  );
  const entryVersion = useMemo(() => versionOfEntry(logs), [logs]);
  const newestFirst = useMemo(() => [...logs].reverse(), [logs]);

  return (
    <RenderedVersionsProvider html={rendered}>
      <div className="space-y-8">
        <HistoryCompare
          postId={postId}
          versions={versions}
          logs={logs}
          current={current}
          mode={mode}
          onMode={setMode}
          view={view}
          onView={setView}
          canRestore={canRestore}
        />

        <section aria-labelledby="timeline-h" className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="timeline-h" className="text-lg font-semibold">
              {t("timeline")}
            </h2>
            <div className="flex flex-wrap items-center gap-2">
              <HistoryViewSwitch view={view} onChange={setView} />
              {view === "source" ? <DiffModeSwitch mode={mode} onChange={setMode} /> : null}
            </div>
          </div>
          <ol className="relative space-y-4 border-l border-zinc-200 pl-5 dark:border-zinc-800" data-testid="history-timeline">
            {newestFirst.map((log) => (
              <HistoryEntry key={log.id} postId={postId} log={log} version={entryVersion.get(log.id) ?? null} mode={mode} view={view} />
            ))}
            <HistoryOrigin origin={origin} />
          </ol>
        </section>
      </div>
    </RenderedVersionsProvider>
  );
}
