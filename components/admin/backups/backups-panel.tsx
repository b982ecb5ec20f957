"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArchiveRestore, DatabaseBackup, Download, LoaderCircle, Trash2 } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Field, inputClass } from "@/components/ui/field";
import { useReportPending } from "@/components/ui/progress-store";
import { RelativeTime } from "@/components/ui/relative-time";
import { backupKeys, backupsApi, type BackupListDto, type BackupRunDto } from "@/lib/client/backups-api";

const STAGES = ["starting", "snapshot", "checksums", "dump", "uploads", "database", "writing", "done"] as const;

function bytesText(n: number, format: ReturnType<typeof useFormatter>): string {
  const units = ["B", "KB", "MB", "GB"];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${format.number(v, { maximumFractionDigits: i ? 1 : 0 })} ${units[i]}`;
}

/**
 * /admin/backups: "Back up now" with its progress (the run is polled while it runs), the backups kept
 * (size, time, rows and uploads, download, delete), and the schedule. The API audits every action.
 */
export function BackupsPanel({ initial }: { initial: BackupListDto }) {
  const t = useTranslations("AdminBackups");
  const format = useFormatter();
  const qc = useQueryClient();
  const [runId, setRunId] = useState<number | null>(() => initial.runs.find((r) => r.status === "running")?.id ?? null);
  const [notice, setNotice] = useState<{ tone: "ok" | "error"; text: string } | null>(null);

  const list = useQuery({ queryKey: backupKeys.list(), queryFn: backupsApi.list, initialData: initial });
  const run = useQuery({
    queryKey: [...backupKeys.all, "run", runId],
    queryFn: async () => {
      const r = await backupsApi.run(runId!);
      if (r.status !== "running") {
        // The run ended: say how, refresh the list once.
        setRunId(null);
        setNotice(
          r.status === "done"
            ? { tone: "ok", text: t("made", { name: r.fileName ?? "" }) }
            : { tone: "error", text: t("failed", { error: r.error ?? "" }) },
        );
        void qc.invalidateQueries({ queryKey: backupKeys.list() });
      }
      return r;
    },
    enabled: runId !== null,
    refetchInterval: 700,
  });
  const current: BackupRunDto | undefined = run.data && run.data.id === runId ? run.data : undefined;

  const start = useMutation({
    mutationFn: backupsApi.start,
    onMutate: () => setNotice(null),
    onSuccess: (r) => setRunId(r.id),
    onError: (e) => setNotice({ tone: "error", text: e.message }),
  });
  const remove = useMutation({
    mutationFn: backupsApi.remove,
    onSuccess: (_r, name) => {
      setNotice({ tone: "ok", text: t("deleted", { name }) });
      void qc.invalidateQueries({ queryKey: backupKeys.list() });
    },
    onError: (e) => setNotice({ tone: "error", text: e.message }),
  });
  const busy = start.isPending || runId !== null;
  useReportPending(start.isPending || remove.isPending);

  const p = current?.progress;
  const stage =
    p && (STAGES as readonly string[]).includes(p.stage) ? t(`stage.${p.stage as (typeof STAGES)[number]}`) : t("stage.starting");
  const data = list.data;

  return (
    <div className="space-y-6">
      <section className="space-y-3" aria-labelledby="backup-now">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("intro")}</p>
        <div className="flex flex-wrap items-center gap-3">
          <Button id="backup-now" onClick={() => start.mutate()} disabled={busy} data-pending={busy ? "" : undefined}>
            {busy ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : <DatabaseBackup aria-hidden className="size-4" />}
            {busy ? t("running") : t("backupNow")}
          </Button>
          <span className="text-xs text-zinc-500 dark:text-zinc-400">{t("where", { where: data.where })}</span>
        </div>
        {busy ? (
          <div className="space-y-1" data-testid="backup-progress">
            <div
              role="progressbar"
              aria-label={t("running")}
              aria-valuetext={p?.total ? t("progress", { stage, done: p.done ?? 0, total: p.total }) : stage}
              aria-valuemin={0}
              aria-valuemax={STAGES.length - 1}
              aria-valuenow={Math.max(0, STAGES.indexOf((p?.stage ?? "starting") as (typeof STAGES)[number]))}
              className="h-2 w-full max-w-md overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
            >
              <div
                className="h-full rounded-full bg-blue-600 transition-[width] dark:bg-blue-500"
                style={{
                  width: `${Math.round((100 * Math.max(1, STAGES.indexOf((p?.stage ?? "starting") as (typeof STAGES)[number]) + 1)) / STAGES.length)}%`,
                }}
              />
            </div>
            <p className="text-sm text-zinc-700 dark:text-zinc-300">
              {p?.total ? t("progress", { stage, done: p.done ?? 0, total: p.total }) : stage}
            </p>
          </div>
        ) : null}
        <p
          role={notice?.tone === "error" ? "alert" : "status"}
          className={
            notice
              ? notice.tone === "ok"
                ? "rounded-md bg-emerald-50 p-3 text-sm break-words text-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-200"
                : "rounded-md bg-red-50 p-3 text-sm break-words text-red-800 dark:bg-red-950/50 dark:text-red-200"
              : "sr-only"
          }
        >
          {notice?.text}
        </p>
      </section>

      <section className="space-y-2">
        <h2 className="text-lg font-semibold">{t("listLabel")}</h2>
        {data.backups.length ? (
          <ul
            aria-label={t("listLabel")}
            className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900/40"
          >
            {data.backups.map((b) => (
              <li key={b.name} data-testid="backup" className="flex flex-wrap items-start gap-x-4 gap-y-2 p-4">
                <div className="min-w-0 grow basis-72 space-y-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <ArchiveRestore aria-hidden className="size-4 shrink-0 text-zinc-500" />
                    <strong className="font-mono text-sm break-all" data-testid="backup-name">
                      {b.name}
                    </strong>
                  </p>
                  <p className="text-sm text-zinc-600 dark:text-zinc-400">
                    <RelativeTime iso={b.createdAt} /> · <span data-testid="backup-size">{bytesText(b.bytes, format)}</span> ·{" "}
                    {t("rows", { count: b.rows, tables: b.tables })} · {t("uploads", { count: b.uploads })} ·{" "}
                    {t("from", { source: b.source })}
                  </p>
                  <details className="text-sm">
                    <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400">{t("counts")}</summary>
                    <ul className="mt-1 grid grid-cols-1 gap-x-4 font-mono text-xs sm:grid-cols-2">
                      {Object.entries(b.counts)
                        .filter(([, n]) => n > 0)
                        .map(([name, n]) => (
                          <li key={name} className="flex justify-between gap-2">
                            <span className="truncate">{name.replace(/^public\./, "")}</span>
                            <span className="tabular-nums">{format.number(n)}</span>
                          </li>
                        ))}
                    </ul>
                  </details>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  {/* A plain link: the browser streams the file to disk; no page or cache in between. */}
                  <a
                    href={backupsApi.downloadUrl(b.name)}
                    download
                    className="btn btn-secondary btn-sm"
                    aria-label={t("downloadLabel", { name: b.name })}
                  >
                    <Download aria-hidden className="size-4" />
                    {t("download")}
                  </a>
                  <ConfirmButton
                    message={t("confirmDelete", { name: b.name })}
                    confirmLabel={t("delete")}
                    onConfirm={() => remove.mutate(b.name)}
                    aria-label={t("deleteLabel", { name: b.name })}
                    disabled={remove.isPending}
                  >
                    <Trash2 aria-hidden className="size-4" />
                    {t("delete")}
                  </ConfirmButton>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("empty")}</p>
        )}
      </section>

      <ScheduleForm initial={data.schedule} />

      {data.runs.length ? (
        <section className="space-y-2">
          <h2 className="text-lg font-semibold">{t("runs")}</h2>
          <ul className="space-y-1 text-sm">
            {data.runs.map((r) => (
              <li key={r.id} data-testid="backup-run" data-status={r.status} className="flex flex-wrap gap-x-2">
                <span className={r.status === "failed" ? "font-medium text-red-700 dark:text-red-400" : "font-medium"}>
                  {t(`runStatus.${r.status}`)}
                </span>
                <RelativeTime iso={r.startedAt} className="text-zinc-600 dark:text-zinc-400" />
                <span className="text-zinc-600 dark:text-zinc-400">{t(`trigger.${r.trigger}`, { who: r.requestedBy ?? "?" })}</span>
                {r.error ? <span className="break-words text-red-700 dark:text-red-400">{r.error}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function ScheduleForm({ initial }: { initial: BackupListDto["schedule"] }) {
  const t = useTranslations("AdminBackups");
  const format = useFormatter();
  const qc = useQueryClient();
  const id = useId();
  const [frequency, setFrequency] = useState(initial.frequency);
  const [keep, setKeep] = useState(String(initial.keep));
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: backupsApi.schedule,
    onMutate: () => setSaved(false),
    onSuccess: () => {
      setSaved(true);
      void qc.invalidateQueries({ queryKey: backupKeys.list() });
    },
  });
  useReportPending(save.isPending);
  const fieldError = save.error && "field" in save.error && (save.error as { field?: string }).field === "keep" ? save.error.message : null;
  return (
    <section className="space-y-3" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="text-lg font-semibold">
        {t("schedule")}
      </h2>
      <form
        className="flex flex-wrap items-end gap-4"
        aria-busy={save.isPending}
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ frequency, keep: Number(keep) });
        }}
      >
        <Field id={`${id}-f`} label={t("frequency")}>
          <select
            id={`${id}-f`}
            className={inputClass}
            value={frequency}
            onChange={(e) => setFrequency(e.target.value as typeof frequency)}
          >
            {(["off", "daily", "weekly"] as const).map((f) => (
              <option key={f} value={f}>
                {t(`freq.${f}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-k`} label={t("keep")} hint={t("keepHint")} error={fieldError} className="max-w-xs">
          <input
            id={`${id}-k`}
            className={`${inputClass} w-24`}
            type="number"
            min={1}
            max={100}
            value={keep}
            onChange={(e) => setKeep(e.target.value)}
          />
        </Field>
        <Button type="submit" variant="secondary" disabled={save.isPending} data-pending={save.isPending ? "" : undefined}>
          {t("save")}
        </Button>
      </form>
      <p role="status" className={saved ? "text-sm text-emerald-800 dark:text-emerald-300" : "sr-only"}>
        {saved ? t("saved") : ""}
      </p>
      {save.error && !fieldError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {save.error.message}
        </p>
      ) : null}
      {initial.frequency !== "off" && initial.nextRunAt ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400" suppressHydrationWarning>
          {t("nextRun", { time: format.dateTime(new Date(initial.nextRunAt), { dateStyle: "medium", timeStyle: "short" }) })}
        </p>
      ) : null}
    </section>
  );
}
