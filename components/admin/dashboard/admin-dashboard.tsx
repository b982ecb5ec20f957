import { useFormatter, useTranslations } from "next-intl";
import { Link } from "@/components/ui/link";
import { Icon } from "@/components/ui/icon";
import { RelativeTime } from "@/components/ui/relative-time";
import { ADMIN_PAGES } from "@/components/admin/admin-nav";
import { ActivityChart, useShortDay } from "@/components/admin/dashboard/activity-chart";
import type { AdminDashboardDto, DashboardActivityDto, DashboardSeries } from "@/lib/validation/admin-dashboard";

/** Each series' link; its title, unit and link text are Dashboard.series.<key>.* in the catalogs. */
const SERIES_HREF: Record<DashboardSeries, string> = {
  signups: "/admin/users",
  active: "/admin/users",
  posts: "/",
  comments: "/review#flags-heading",
};

/** Whole numbers in the page's language ("1,234"). */
function useNumber() {
  const format = useFormatter();
  return (v: number) => format.number(v);
}

const card = "rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900/40";
const linkClass =
  "inline-flex min-h-6 items-center gap-1 text-sm font-medium text-sky-700 underline-offset-2 hover:underline dark:text-sky-400";

function Stat({ label, value, testId }: { label: string; value: number; testId?: string }) {
  const n = useNumber();
  return (
    <div>
      <dt className="text-xs text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums" data-testid={testId}>
        {n(value)}
      </dd>
    </div>
  );
}

function ActivityCard({ a, total }: { a: DashboardActivityDto; total: number | null }) {
  const t = useTranslations("Dashboard");
  const n = useNumber();
  const id = `activity-${a.key}`;
  return (
    <section aria-labelledby={id} className={`${card} space-y-3`} data-testid={id}>
      <div className="flex items-baseline justify-between gap-2">
        <h3 id={id} className="font-semibold">
          {t(`series.${a.key}.title`)}
        </h3>
        {total !== null ? <span className="text-sm text-zinc-600 dark:text-zinc-400">{t("inAll", { count: n(total) })}</span> : null}
      </div>
      <dl className="grid grid-cols-3 gap-2">
        <Stat label={t("hours24")} value={a.day} testId={`${id}-day`} />
        <Stat label={t("days7")} value={a.week} testId={`${id}-week`} />
        <Stat label={t("days30")} value={a.month} testId={`${id}-month`} />
      </dl>
      <ActivityChart points={a.daily} label={t(`series.${a.key}.unit`)} />
      <Link href={SERIES_HREF[a.key]} className={linkClass}>
        {t(`series.${a.key}.link`)}
        <span aria-hidden="true">→</span>
      </Link>
    </section>
  );
}

function Attention({
  title,
  count,
  detail,
  since,
  href,
  action,
  testId,
  warn,
}: {
  title: string;
  count: number;
  detail: string;
  since: string | null;
  href: string;
  action: string;
  testId: string;
  warn: boolean;
}) {
  const t = useTranslations("Dashboard");
  const n = useNumber();
  return (
    <li className={`${card} flex flex-col gap-1 ${warn ? "border-amber-400 dark:border-amber-700" : ""}`} data-testid={testId}>
      <span className="text-sm text-zinc-600 dark:text-zinc-400">{title}</span>
      <span className="text-2xl font-semibold tabular-nums">{n(count)}</span>
      <span className="text-sm text-zinc-700 dark:text-zinc-300">
        {detail}
        {since ? (
          <>
            {" "}
            · {t("oldest")} <RelativeTime iso={since} />
          </>
        ) : null}
      </span>
      <Link href={href} className={`${linkClass} mt-auto pt-1`}>
        {action}
        <span aria-hidden="true">→</span>
      </Link>
    </li>
  );
}

/** /admin: what needs staff attention, the forum's activity and the way into each admin page. */
export function AdminDashboard({ data }: { data: AdminDashboardDto }) {
  const t = useTranslations("Dashboard");
  const ta = useTranslations("Admin");
  const n = useNumber();
  const shortDay = useShortDay();
  const { moderation: m, mail } = data;
  const totals: Record<DashboardSeries, number | null> = {
    signups: data.totals.members,
    active: null,
    posts: data.totals.posts,
    comments: data.totals.comments,
  };
  const days = data.activity[0]?.daily.map((p) => p.date) ?? [];
  return (
    <div className="space-y-8">
      <section aria-labelledby="attention-heading" className="space-y-3">
        <h2 id="attention-heading" className="text-lg font-semibold">
          {t("needsAttention")}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <Attention
            title={t("openFlags")}
            count={m.openFlags}
            detail={m.openFlags ? t("flaggedItems", { count: m.flaggedItems }) : t("nothingFlagged")}
            since={m.oldestFlagAt}
            href="/review#flags-heading"
            action={t("reviewFlags")}
            testId="dashboard-flags"
            warn={m.openFlags > 0}
          />
          <Attention
            title={t("pendingPosts")}
            count={m.pendingPosts}
            detail={m.pendingPosts ? t("waitForReview", { count: m.pendingPosts }) : t("noneWaiting")}
            since={m.oldestPendingAt}
            href="/review#pending-heading"
            action={t("reviewPosts")}
            testId="dashboard-pending"
            warn={m.pendingPosts > 0}
          />
          {mail ? (
            <Attention
              title={t("mailQueue")}
              count={mail.pending + mail.sending}
              detail={[
                mail.retrying ? t("mailWaitingRetrying", { retrying: n(mail.retrying) }) : t("mailWaiting"),
                t("mailFailed", { failed: n(mail.failed) }),
                t("mailSent", { sent: n(mail.sentLastDay) }),
                ...(mail.transport === "files" ? [t("mailToFiles")] : []),
              ].join(" · ")}
              since={mail.oldestPendingAt}
              href="/admin/mail"
              action={ta("page.mail")}
              testId="dashboard-mail"
              warn={mail.failed > 0 || mail.retrying > 0}
            />
          ) : null}
        </ul>
      </section>

      <section aria-labelledby="activity-heading" className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="activity-heading" className="text-lg font-semibold">
            {t("activity")}
          </h2>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            {t("activityNote")} {t("updated")} <RelativeTime iso={data.generatedAt} />
          </p>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          {data.activity.map((a) => (
            <ActivityCard key={a.key} a={a} total={totals[a.key]} />
          ))}
        </div>
        <details className="rounded-lg border border-zinc-200 text-sm dark:border-zinc-800">
          <summary className="cursor-pointer px-4 py-2 font-medium">{t("perDay")}</summary>
          <div
            className="max-h-80 overflow-auto border-t border-zinc-200 dark:border-zinc-800"
            tabIndex={0}
            role="region"
            aria-label={t("perDay")}
          >
            <table className="w-full text-left tabular-nums">
              <caption className="sr-only">{t("perDayCaption")}</caption>
              <thead className="sticky top-0 bg-zinc-50 text-xs text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
                <tr>
                  <th scope="col" className="px-2 py-1.5 sm:px-4">
                    {t("day")}
                  </th>
                  {data.activity.map((a) => (
                    <th key={a.key} scope="col" className="px-2 py-1.5 text-right sm:px-4">
                      {t(`series.${a.key}.title`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {days
                  .map((d, i) => ({ d, i }))
                  .reverse()
                  .map(({ d, i }) => (
                    <tr key={d} className="border-t border-zinc-100 dark:border-zinc-800">
                      <th scope="row" className="px-2 py-1 font-normal whitespace-nowrap sm:px-4">
                        <time dateTime={d}>{shortDay(d)}</time>
                      </th>
                      {data.activity.map((a) => (
                        <td key={a.key} className="px-2 py-1 text-right sm:px-4">
                          {n(a.daily[i]?.value ?? 0)}
                        </td>
                      ))}
                    </tr>
                  ))}
              </tbody>
            </table>
          </div>
        </details>
      </section>

      <section aria-labelledby="pages-heading" className="space-y-3">
        <h2 id="pages-heading" className="text-lg font-semibold">
          {data.scope === "ADMIN" ? ta("administration") : ta("moderation")}
        </h2>
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
          {ADMIN_PAGES.filter((p) => p.href !== "/admin" && (data.scope === "ADMIN" || p.href === "/review")).map((p) => (
            <li key={p.href}>
              <Link
                href={p.href}
                className={`${card} flex items-center gap-3 hover:border-sky-400 focus-visible:outline-2 focus-visible:outline-sky-600 dark:hover:border-sky-700`}
              >
                <span className="min-w-0 flex-1">
                  <span className="block font-medium">{ta(`page.${p.key}`)}</span>
                  <span className="block text-xs text-zinc-600 dark:text-zinc-400">{t(`pageWhat.${p.key}`)}</span>
                </span>
                <Icon name="chevron-down" className="h-4 w-4 -rotate-90 text-zinc-500" />
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
