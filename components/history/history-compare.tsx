"use client";

import { useId, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/field";
import { DiffModeSwitch, DiffView, type DiffMode } from "@/components/history/diff-view";
import { ContentDiff, HistoryViewSwitch, type HistoryView } from "@/components/history/rendered-versions";
import { postStateAt, type PostState, type Version, type VersionField } from "@/lib/edit-history";
import type { ChangeLogDto } from "@/lib/validation/responses";
import { fieldErrors } from "@/lib/client/api-client";
import { usePostMutation } from "@/components/posts/use-post";
import { absoluteTime } from "@/components/ui/relative-time";

/** "Version 2 · current (alice, Nov 27, 2026, 3:10 AM UTC)", in the page's language. */
function versionLabel(v: Version, latest: number, t: ReturnType<typeof useTranslations>, locale: "en" | "zh-CN"): string {
  const parts = [t("version", { n: v.index })];
  if (v.index === 0) parts.push(t("originalTag"));
  if (v.index === latest) parts.push(t("currentTag"));
  const who = [v.username, v.time ? absoluteTime(v.time, locale) : null].filter(Boolean).join(t("listSeparator"));
  return who ? t("versionWho", { version: parts.join(" · "), who }) : parts.join(" · ");
}

/**
 * Restoring a version: the whole post as it stood then, saved as an edit with `restoredVersion`;
 * `onRestored` hears it saved, before the page is refreshed.
 */
function useRestore(postId: number, logs: ChangeLogDto[], current: PostState, onRestored: (v: Version) => void) {
  const router = useRouter();
  const change = usePostMutation(postId);
  return {
    isPending: change.isPending,
    isError: change.isError,
    error: change.error,
    mutate: (v: Version) => {
      const s = postStateAt(logs, v, current);
      const body = {
        title: s.title,
        content: s.content,
        categoryId: s.category.id,
        tagIds: s.tags.map((t) => t.id),
        restoredVersion: v.index,
      };
      change.mutate(
        { kind: "update", body },
        {
          onSuccess: () => {
            onRestored(v);
            router.refresh();
          },
        },
      );
    },
  };
}

/**
 * Compare any two versions of the content or the title, in the chosen diff view; the author and
 * moderators can restore the "from" version: the whole post as it stood then (title, content, category
 * and tags), saved as an edit (PUT /api/posts/{id} with `restoredVersion`) whose entries say
 * "restored version N"; the author is told when someone else does it.
 */
export function HistoryCompare({
  postId,
  versions,
  logs,
  current,
  mode,
  onMode,
  view,
  onView,
  canRestore,
}: {
  postId: number;
  versions: Record<VersionField, Version[]>;
  logs: ChangeLogDto[];
  current: PostState;
  mode: DiffMode;
  onMode: (m: DiffMode) => void;
  view: HistoryView;
  onView: (v: HistoryView) => void;
  canRestore: boolean;
}) {
  const id = useId();
  const t = useTranslations("History");
  const [field, setField] = useState<VersionField>("content");
  // null = the default choice: the previous version → the current one.
  const [pick, setPick] = useState<{ from: number | null; to: number | null }>({ from: null, to: null });
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const list = versions[field];
  const latest = list.length - 1;
  const clamp = (n: number) => Math.max(0, Math.min(latest, n));
  const from = clamp(pick.from ?? latest - 1);
  const to = clamp(pick.to ?? latest);
  const a = list[from]!;
  const b = list[to]!;

  const restoring = postStateAt(logs, a, current);
  const restore = useRestore(postId, logs, current, (v) => {
    setConfirming(false);
    setMessage(t("restoredMessage", { n: v.index }));
    // Show the restored version against the new current one (they should match).
    setPick({ from: v.index, to: null });
  });

  const choose = (which: "from" | "to", value: string) => {
    setMessage(null);
    setConfirming(false);
    setPick((p) => ({ ...p, [which]: Number(value) }));
  };

  return (
    <section
      aria-labelledby={`${id}-h`}
      className="space-y-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
      data-testid="history-compare"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-h`} className="text-lg font-semibold">
          {t("compare")}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          {/* A title has no markup: its changes are always the source diff. */}
          {field === "content" ? <HistoryViewSwitch view={view} onChange={onView} /> : null}
          {field === "title" || view === "source" ? <DiffModeSwitch mode={mode} onChange={onMode} /> : null}
        </div>
      </div>

      <VersionPickers
        id={id}
        field={field}
        onField={(f) => {
          setField(f);
          setPick({ from: null, to: null });
          setConfirming(false);
          setMessage(null);
        }}
        versions={versions}
        from={from}
        to={to}
        onChoose={choose}
      />

      {latest === 0 ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("neverEdited", { what: field })}</p> : null}

      {field === "content" ? (
        <ContentDiff
          key={`${field}-${from}-${to}`}
          oldText={a.text}
          newText={b.text}
          mode={mode}
          view={view}
          labels={[t("version", { n: from }), t("version", { n: to })]}
        />
      ) : (
        <DiffView
          key={`${field}-${from}-${to}`}
          oldText={a.text}
          newText={b.text}
          mode={mode}
          labels={[t("version", { n: from }), t("version", { n: to })]}
        />
      )}

      {canRestore && from !== latest ? (
        <RestoreControls
          field={field}
          from={from}
          restoring={restoring}
          confirming={confirming}
          onConfirming={(on) => {
            if (on) setMessage(null);
            setConfirming(on);
          }}
          restore={restore}
          onRestore={() => restore.mutate(a)}
        />
      ) : null}
      {message ? (
        <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
          {message}
        </p>
      ) : null}
    </section>
  );
}

/** The field (content or title) and the two versions compared. */
function VersionPickers({
  id,
  field,
  onField,
  versions,
  from,
  to,
  onChoose,
}: {
  id: string;
  field: VersionField;
  onField: (f: VersionField) => void;
  versions: Record<VersionField, Version[]>;
  from: number;
  to: number;
  onChoose: (which: "from" | "to", value: string) => void;
}) {
  const t = useTranslations("History");
  const locale = useLocale() === "zh-CN" ? "zh-CN" : "en";
  const list = versions[field];
  const latest = list.length - 1;
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="w-full space-y-1 sm:w-auto">
        <label htmlFor={`${id}-field`} className="block text-sm font-medium">
          {t("field")}
        </label>
        <Select id={`${id}-field`} value={field} onChange={(e) => onField(e.target.value as VersionField)}>
          <option value="content">{t("contentVersions", { count: versions.content.length })}</option>
          <option value="title">{t("titleVersions", { count: versions.title.length })}</option>
        </Select>
      </div>
      {(["from", "to"] as const).map((side) => (
        <div key={side} className="w-full min-w-0 space-y-1 sm:w-auto sm:flex-1">
          <label htmlFor={`${id}-${side}`} className="block text-sm font-medium">
            {side === "from" ? t("fromVersion") : t("toVersion")}
          </label>
          <Select id={`${id}-${side}`} value={side === "from" ? from : to} onChange={(e) => onChoose(side, e.target.value)}>
            {list.map((v) => (
              <option key={v.index} value={v.index}>
                {versionLabel(v, latest, t, locale)}
              </option>
            ))}
          </Select>
        </div>
      ))}
    </div>
  );
}

/** Restoring the "from" version: the button, then the question with what the post will be, and the error. */
function RestoreControls({
  field,
  from,
  restoring,
  confirming,
  onConfirming,
  restore,
  onRestore,
}: {
  field: VersionField;
  from: number;
  restoring: PostState;
  confirming: boolean;
  onConfirming: (on: boolean) => void;
  restore: { isPending: boolean; isError: boolean; error: unknown };
  onRestore: () => void;
}) {
  const t = useTranslations("History");
  return (
    <div className="space-y-2">
      {confirming ? (
        <div
          role="group"
          aria-label={t("confirmRestore")}
          className="flex flex-wrap items-center gap-2 rounded-md bg-amber-50 p-3 text-sm dark:bg-amber-950/40"
        >
          <span>
            {t("restoreQuestion", {
              what: field,
              n: from,
              title: restoring.title,
              category: restoring.category.name,
              tags: restoring.tags.length ? t("restoreTags", { tags: restoring.tags.map((tag) => `#${tag.name}`).join(" ") }) : t("noTags"),
            })}
          </span>
          <Button size="sm" onClick={onRestore} disabled={restore.isPending}>
            {restore.isPending ? t("restoring") : t("confirmRestore")}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => onConfirming(false)} disabled={restore.isPending}>
            {t("cancel")}
          </Button>
        </div>
      ) : (
        <Button variant="secondary" size="sm" onClick={() => onConfirming(true)}>
          {t("restoreVersion", { n: from })}
        </Button>
      )}
      {restore.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {fieldErrors(restore.error).form ?? Object.values(fieldErrors(restore.error).fields)[0]}
        </p>
      ) : null}
    </div>
  );
}
