"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Archive, Download, LoaderCircle, TriangleAlert } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { Button, buttonClass } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field";
import { fieldErrors } from "@/lib/client/api-client";
import { dataExportApi, dataExportKeys } from "@/lib/client/data-export-api";
import type { DataExportDto } from "@/lib/validation/data-export";

const box = "space-y-4 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800";

/**
 * Settings → Your data: "Download your data". Asks for an export (POST /api/users/me/export), follows
 * it while the server makes it (polling every 2 s while pending or running), then offers the archive
 * with its expiry. The mail says the same when it is ready, so the page may be left meanwhile.
 */
export function DataExportSettings({ initial }: { initial: DataExportDto }) {
  const t = useTranslations("DataExport");
  const format = useFormatter();
  const qc = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const busy = (s: DataExportDto["status"]) => s === "pending" || s === "running";
  const state =
    useQuery({
      queryKey: dataExportKeys.mine(),
      queryFn: dataExportApi.get,
      initialData: initial,
      refetchInterval: (q) => (q.state.data && busy(q.state.data.status) ? 2000 : false),
    }).data ?? initial;
  const start = useMutation({
    mutationFn: dataExportApi.start,
    onMutate: () => setError(null),
    onError: (err) => setError(fieldErrors(err).form),
    onSuccess: (d) => qc.setQueryData(dataExportKeys.mine(), d),
  });
  const when = (iso: string) => `${format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })} UTC`;
  const size = (bytes: number) =>
    bytes >= 1024 * 1024
      ? t("megabytes", { size: format.number(bytes / (1024 * 1024), { maximumFractionDigits: 1 }) })
      : t("kilobytes", { size: format.number(Math.max(1, Math.round(bytes / 1024))) });
  const waitUntil = state.nextRequestAt;

  return (
    <section aria-labelledby="data-export-heading" className={box} data-testid="data-export">
      <h2 id="data-export-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Archive aria-hidden className="size-5" />
        {t("sectionHeading")}
      </h2>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("what")}</p>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("messagesNote")}</p>

      {busy(state.status) && (
        <div className="space-y-2" aria-live="polite">
          <p className="flex items-center gap-2 text-sm font-medium">
            <LoaderCircle aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />
            {state.status === "pending" ? t("pending") : t("running", { progress: state.progress ?? 0 })}
          </p>
          <div
            role="progressbar"
            aria-label={t("progressLabel")}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={state.progress ?? 0}
            className="h-2 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
          >
            <div className="h-full bg-sky-700 transition-[width] dark:bg-sky-400" style={{ width: `${state.progress ?? 0}%` }} />
          </div>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("mailNote")}</p>
        </div>
      )}

      {state.status === "ready" && state.url && (
        <div className="space-y-2 rounded-md bg-emerald-50 p-3 dark:bg-emerald-950" aria-live="polite">
          <p className="text-sm font-medium text-emerald-900 dark:text-emerald-100">{t("ready")}</p>
          <a href={state.url} download className={buttonClass("primary", "md", "inline-flex items-center gap-2")}>
            <Download aria-hidden className="size-4" />
            {t("download")}
            {state.bytes !== null && <span className="font-normal">({size(state.bytes)})</span>}
          </a>
          {state.expiresAt && <p className="text-sm text-emerald-900 dark:text-emerald-100">{t("expires", { when: when(state.expiresAt) })}</p>}
        </div>
      )}

      {state.status === "failed" && (
        <p className="flex items-start gap-2 text-sm text-red-800 dark:text-red-300" role="alert">
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          {t("failed")}
        </p>
      )}

      {!busy(state.status) &&
        (waitUntil ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("nextAt", { when: when(waitUntil) })}</p>
        ) : (
          <Button type="button" variant={state.status === "ready" ? "secondary" : "primary"} disabled={start.isPending} onClick={() => start.mutate()}>
            {state.status === "none" ? t("request") : t("requestAgain")}
          </Button>
        ))}
      <FieldError id="data-export-error" message={error} />
    </section>
  );
}
