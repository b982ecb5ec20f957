import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { AdminNav } from "@/components/admin/admin-nav";
import { AdminUserActions } from "@/components/admin/admin-user-actions";
import { AuditList } from "@/components/admin/audit-line";
import { humanDateText } from "@/components/admin/dates";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Link } from "@/components/ui/link";
import { RelativeTime } from "@/components/ui/relative-time";
import { orNotFound } from "@/lib/api/page";
import { pageViewer } from "@/lib/cache/page-reader";
import { getUserForAdmin } from "@/lib/services/moderation/admin-users";

export const metadata: Metadata = { title: "Member · Administration" };

const REASON: Record<string, string> = { SPAM: "Spam", INAPPROPRIATE: "Inappropriate", OFF_TOPIC: "Off-topic", OTHER: "Other" };
const OUTCOME: Record<string, string> = { DISMISS: "dismissed", HIDE: "hidden", DELETE: "deleted", CLOSE_POST: "post closed" };
const STATUS_TONE = { PUBLISHED: "success", PENDING: "warning", REJECTED: "danger" } as const;

function Section({ id, title, count, children }: { id: string; title: string; count?: number; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="text-lg font-semibold">
        {title}
        {count !== undefined ? <span className="ml-2 text-sm font-normal text-zinc-600 dark:text-zinc-400">{count}</span> : null}
      </h2>
      {children}
    </section>
  );
}

const Empty = ({ children }: { children: React.ReactNode }) => <p className="text-sm text-zinc-600 dark:text-zinc-400">{children}</p>;
const listClass =
  "divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white text-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900/40";

/** Admins: one member — their posts, the flags against them, suspensions and staff actions, with the actions (issue 47). */
export default async function AdminUserPage({ params }: { params: Promise<{ id: string }> }) {
  const { id: raw } = await params;
  const viewer = await pageViewer();
  if (!viewer) redirect(`/login?callbackUrl=/admin/users/${encodeURIComponent(raw)}`);
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2147483647) notFound();
  const d = await orNotFound(getUserForAdmin(viewer, Number(raw)));
  const u = d.user;
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6">
      <AdminNav current="/admin/users" />
      <p className="text-sm">
        <Link href="/admin/users" className="text-sky-700 underline underline-offset-2 dark:text-sky-400">
          ← All members
        </Link>
      </p>
      <header className="flex flex-wrap items-center gap-4">
        <Avatar src={u.avatar} name={u.username} size={56} decorative />
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-semibold break-all">{u.username}</h1>
          <div className="flex flex-wrap gap-1">
            <Badge tone={u.role === "USER" ? "neutral" : u.role === "ADMIN" ? "warning" : "info"}>
              {u.role === "USER" ? "Member" : u.role === "ADMIN" ? "Admin" : "Moderator"}
            </Badge>
            {u.bot ? <Badge tone="info">Bot</Badge> : null}
            {u.suspendedUntil ? <Badge tone="danger">Suspended until {humanDateText(u.suspendedUntil)}</Badge> : null}
          </div>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {u.email} · joined <RelativeTime iso={u.joinedAt} /> · last seen {u.lastSeenAt ? <RelativeTime iso={u.lastSeenAt} /> : "never"}{" "}
            ·{" "}
            <Link href={`/u/${encodeURIComponent(u.username)}`} className="text-sky-700 underline underline-offset-2 dark:text-sky-400">
              public profile
            </Link>
          </p>
        </div>
      </header>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          ["Posts", u.postCount],
          ["Comments", u.commentCount],
          ["Flags against", u.flagsAgainst],
          ["Open flags", u.openFlagsAgainst],
        ].map(([k, v]) => (
          <div key={k} className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
            <dt className="text-xs text-zinc-600 dark:text-zinc-400">{k}</dt>
            <dd className="text-xl font-semibold tabular-nums">{v}</dd>
          </div>
        ))}
      </dl>

      <div className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
        {u.id === viewer.id ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">This is you: nobody can suspend themselves or change their own role.</p>
        ) : (
          <AdminUserActions user={u} can={d.can} bot={u.bot} />
        )}
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <Section id="user-posts" title="Latest posts" count={u.postCount}>
          {d.posts.length ? (
            <ul className={listClass}>
              {d.posts.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center gap-2 p-3">
                  <Link href={`/posts/${p.id}`} className="min-w-0 grow font-medium break-words hover:underline">
                    {p.title}
                  </Link>
                  {p.status !== "PUBLISHED" ? (
                    <Badge tone={STATUS_TONE[p.status as keyof typeof STATUS_TONE] ?? "neutral"}>{p.status.toLowerCase()}</Badge>
                  ) : null}
                  {p.hidden ? <Badge tone="warning">hidden by flags</Badge> : null}
                  <span className="text-xs text-zinc-600 dark:text-zinc-400">
                    <RelativeTime iso={p.createdAt} /> · {p.commentCount} {p.commentCount === 1 ? "comment" : "comments"}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <Empty>No posts.</Empty>
          )}
        </Section>

        <Section id="user-flags" title="Flags against them" count={u.flagsAgainst}>
          {d.flags.length ? (
            <ul className={listClass} data-testid="user-flags">
              {d.flags.map((f) => (
                <li key={f.id} className="space-y-1 p-3">
                  <p>
                    <span className="font-medium">{REASON[f.reason] ?? f.reason}</span> on{" "}
                    <Link
                      href={f.commentId ? `/posts/${f.post.id}#comment-${f.commentId}` : `/posts/${f.post.id}`}
                      className="text-sky-700 underline underline-offset-2 dark:text-sky-400"
                    >
                      {f.commentId ? `a comment on “${f.post.title}”` : `“${f.post.title}”`}
                    </Link>{" "}
                    from{" "}
                    <Link href={`/admin/users/${f.reporter.id}`} className="text-sky-700 underline underline-offset-2 dark:text-sky-400">
                      {f.reporter.username}
                    </Link>
                  </p>
                  {f.note ? <p className="break-words text-zinc-700 dark:text-zinc-300">“{f.note}”</p> : null}
                  {f.excerpt ? (
                    <blockquote className="border-l-2 border-zinc-300 pl-3 break-words text-zinc-700 dark:border-zinc-700 dark:text-zinc-300">
                      {f.excerpt}
                    </blockquote>
                  ) : null}
                  <p className="text-xs text-zinc-600 dark:text-zinc-400">
                    <RelativeTime iso={f.createdAt} /> ·{" "}
                    {f.status === "OPEN" ? "open" : `resolved (${OUTCOME[f.action ?? ""] ?? "closed"})`}
                  </p>
                </li>
              ))}
            </ul>
          ) : (
            <Empty>No flags.</Empty>
          )}
        </Section>
      </div>

      <Section id="user-suspensions" title="Suspension history">
        {d.suspensions.length ? <AuditList entries={d.suspensions} label="Suspensions, newest first" /> : <Empty>Never suspended.</Empty>}
      </Section>

      <Section id="user-audit" title="Staff actions about them">
        {d.audit.length ? <AuditList entries={d.audit} label="Staff actions, newest first" /> : <Empty>None yet.</Empty>}
        <p className="text-sm">
          <Link href={`/admin/audit?subject=${u.id}`} className="text-sky-700 underline underline-offset-2 dark:text-sky-400">
            All of them in the audit log →
          </Link>
        </p>
      </Section>
    </div>
  );
}
