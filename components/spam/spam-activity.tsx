import { ShieldAlert } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { Link } from "@/components/ui/link";
import { RelativeTime } from "@/components/ui/relative-time";
import type { SpamSummary } from "@/lib/services/spam/summary";

const KINDS = ["signup_refused", "blocked", "held", "flagged", "silenced"] as const;

/** The dashboard's and /admin/spam's note on the spam defence: last day's counts and members silenced automatically. */
export async function SpamActivity({ summary }: { summary: SpamSummary }) {
  const t = await getTranslations("Spam");
  return (
    <section
      aria-labelledby="spam-activity"
      className="space-y-2 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
      data-testid="spam-activity"
    >
      <h2 id="spam-activity" className="flex items-center gap-1.5 font-semibold">
        <ShieldAlert aria-hidden="true" className="h-4 w-4" /> {t("activity.title")}
      </h2>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {KINDS.map((k) => (
          <li key={k}>
            {t(`activity.${k}`)}: <span className="font-semibold tabular-nums">{summary.day[k] ?? 0}</span>
          </li>
        ))}
      </ul>
      {summary.awaiting.length ? (
        <div>
          <p className="text-sm font-medium">{t("activity.awaiting", { count: summary.awaiting.length })}</p>
          <ul className="mt-1 space-y-1 text-sm">
            {summary.awaiting.map((a) => (
              <li key={a.id} className="flex flex-wrap gap-2">
                <Link href={`/admin/users/${a.id}`} className="text-sky-700 underline dark:text-sky-400">
                  {a.username}
                </Link>
                <span className="text-zinc-600 dark:text-zinc-400">{a.reason}</span>
                <RelativeTime iso={a.createdAt} />
              </li>
            ))}
          </ul>
          <p className="mt-1 text-sm">
            <Link href="/review" className="text-sky-700 underline dark:text-sky-400">
              {t("activity.review")}
            </Link>
          </p>
        </div>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("activity.none")}</p>
      )}
    </section>
  );
}
