import { TriangleAlert } from "lucide-react";
import { getFormatter, getTranslations } from "next-intl/server";
import { Link } from "@/components/ui/link";

/** The dashboard's warning when the last scheduled backup failed (admins only; the admins were mailed too). */
export async function BackupAlert({ failure }: { failure: { at: string; error: string } | null }) {
  if (!failure) return null;
  const t = await getTranslations("AdminBackups");
  const format = await getFormatter();
  return (
    <div
      role="alert"
      data-testid="backup-alert"
      className="flex gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/50 dark:text-red-100"
    >
      <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 space-y-1">
        <p className="font-semibold">{t("alertTitle")}</p>
        <p className="break-words">
          {t("alertBody", {
            time: format.dateTime(new Date(failure.at), { dateStyle: "medium", timeStyle: "short" }),
            error: failure.error,
          })}
        </p>
        <Link href="/admin/backups" className="font-medium underline">
          {t("alertLink")}
        </Link>
      </div>
    </div>
  );
}
