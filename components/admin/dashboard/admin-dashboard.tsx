import { Link } from "@/components/ui/link";
import { Icon } from "@/components/ui/icon";
import { RelativeTime } from "@/components/ui/relative-time";
import { ActivityChart, shortDay } from "@/components/admin/dashboard/activity-chart";
import type { AdminDashboardDto, DashboardActivityDto, DashboardSeries } from "@/lib/validation/admin-dashboard";

const n = (v: number) => String(v).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
const plural = (v: number, one: string, many = `${one}s`) => `${n(v)} ${v === 1 ? one : many}`;

const SERIES: Record<DashboardSeries, { title: string; unit: string; href: string; link: string }> = {
  signups: { title: "Sign-ups", unit: "Sign-ups", href: "/admin/users", link: "Members" },
  active: { title: "Active members", unit: "Members seen", href: "/admin/users", link: "Members" },
  posts: { title: "Posts", unit: "Published posts", href: "/", link: "Latest posts" },
  comments: { title: "Comments", unit: "Comments", href: "/review#flags-heading", link: "Flagged comments" },
};

const card = "rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900/40";
const linkClass =
  "inline-flex min-h-6 items-center gap-1 text-sm font-medium text-sky-700 underline-offset-2 hover:underline dark:text-sky-400";

/** The admin area's links, with what each page is for (admins). */
const ADMIN_PAGES = [
  { href: "/admin/users", label: "Users", what: "Roles, suspensions" },
  { href: "/admin/categories", label: "Categories", what: "Create, order, edit" },
  { href: "/admin/tags", label: "Tags", what: "Rename, merge, delete" },
  { href: "/admin/goods", label: "Point goods", what: "The points shop" },
  { href: "/admin/settings", label: "Settings", what: "Registration, publishing" },
  { href: "/admin/audit", label: "Audit log", what: "Every staff action" },
  { href: "/admin/mail", label: "Outgoing mail", what: "Outbox and sent mail" },
  { href: "/review", label: "Review queue", what: "Flags, pending posts" },
] as const;

function Stat({ label, value, testId }: { label: string; value: number; testId?: string }) {
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
  const s = SERIES[a.key];
  const id = `activity-${a.key}`;
  return (
    <section aria-labelledby={id} className={`${card} space-y-3`} data-testid={id}>
      <div className="flex items-baseline justify-between gap-2">
        <h3 id={id} className="font-semibold">
          {s.title}
        </h3>
        {total !== null ? <span className="text-sm text-zinc-600 dark:text-zinc-400">{n(total)} in all</span> : null}
      </div>
      <dl className="grid grid-cols-3 gap-2">
        <Stat label="24 hours" value={a.day} testId={`${id}-day`} />
        <Stat label="7 days" value={a.week} testId={`${id}-week`} />
        <Stat label="30 days" value={a.month} testId={`${id}-month`} />
      </dl>
      <ActivityChart points={a.daily} label={s.unit} />
      <Link href={s.href} className={linkClass}>
        {s.link}
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
  return (
    <li className={`${card} flex flex-col gap-1 ${warn ? "border-amber-400 dark:border-amber-700" : ""}`} data-testid={testId}>
      <span className="text-sm text-zinc-600 dark:text-zinc-400">{title}</span>
      <span className="text-2xl font-semibold tabular-nums">{n(count)}</span>
      <span className="text-sm text-zinc-700 dark:text-zinc-300">
        {detail}
        {since ? (
          <>
            {" "}
            · oldest <RelativeTime iso={since} />
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
          Needs attention
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <Attention
            title="Open flags"
            count={m.openFlags}
            detail={m.openFlags ? `on ${plural(m.flaggedItems, "post or comment", "posts and comments")}` : "Nothing flagged"}
            since={m.oldestFlagAt}
            href="/review#flags-heading"
            action="Review flags"
            testId="dashboard-flags"
            warn={m.openFlags > 0}
          />
          <Attention
            title="Pending posts"
            count={m.pendingPosts}
            detail={m.pendingPosts ? `${m.pendingPosts === 1 ? "waits" : "wait"} for review` : "None waiting"}
            since={m.oldestPendingAt}
            href="/review#pending-heading"
            action="Review posts"
            testId="dashboard-pending"
            warn={m.pendingPosts > 0}
          />
          {mail ? (
            <Attention
              title="Mail queue"
              count={mail.pending + mail.sending}
              detail={`waiting${mail.retrying ? ` (${n(mail.retrying)} retrying)` : ""} · ${n(mail.failed)} failed · ${n(mail.sentLastDay)} sent in 24 hours${
                mail.transport === "files" ? " · written to files" : ""
              }`}
              since={mail.oldestPendingAt}
              href="/admin/mail"
              action="Outgoing mail"
              testId="dashboard-mail"
              warn={mail.failed > 0 || mail.retrying > 0}
            />
          ) : null}
        </ul>
      </section>

      <section aria-labelledby="activity-heading" className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="activity-heading" className="text-lg font-semibold">
            Activity
          </h2>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            Rolling windows; bars are UTC days, today last. Updated <RelativeTime iso={data.generatedAt} />.
          </p>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          {data.activity.map((a) => (
            <ActivityCard key={a.key} a={a} total={totals[a.key]} />
          ))}
        </div>
        <details className="rounded-lg border border-zinc-200 text-sm dark:border-zinc-800">
          <summary className="cursor-pointer px-4 py-2 font-medium">Numbers per day</summary>
          <div
            className="max-h-80 overflow-auto border-t border-zinc-200 dark:border-zinc-800"
            tabIndex={0}
            role="region"
            aria-label="Numbers per day"
          >
            <table className="w-full text-left tabular-nums">
              <caption className="sr-only">Activity per UTC day, newest first</caption>
              <thead className="sticky top-0 bg-zinc-50 text-xs text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
                <tr>
                  <th scope="col" className="px-2 py-1.5 sm:px-4">
                    Day
                  </th>
                  {data.activity.map((a) => (
                    <th key={a.key} scope="col" className="px-2 py-1.5 text-right sm:px-4">
                      {SERIES[a.key].title}
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
          {data.scope === "ADMIN" ? "Administration" : "Moderation"}
        </h2>
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
          {(data.scope === "ADMIN" ? ADMIN_PAGES : ADMIN_PAGES.filter((p) => p.href === "/review")).map((p) => (
            <li key={p.href}>
              <Link
                href={p.href}
                className={`${card} flex items-center gap-3 hover:border-sky-400 focus-visible:outline-2 focus-visible:outline-sky-600 dark:hover:border-sky-700`}
              >
                <span className="min-w-0 flex-1">
                  <span className="block font-medium">{p.label}</span>
                  <span className="block text-xs text-zinc-600 dark:text-zinc-400">{p.what}</span>
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
