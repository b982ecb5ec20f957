import { getFormatter, getLocale, getTranslations } from "next-intl/server";
import { notFound, redirect } from "next/navigation";
import { adminMetadata } from "@/components/admin/admin-meta";
import { AdminNav } from "@/components/admin/admin-nav";
import { AdminDeleteAccount } from "@/components/admin/admin-delete-account";
import { AdminUserActions } from "@/components/admin/admin-user-actions";
import { AuditList } from "@/components/admin/audit-line";
import { humanDateIn } from "@/components/admin/dates";
import { ROLE_TONE } from "@/components/admin/users-table";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Link } from "@/components/ui/link";
import { RelativeTime } from "@/components/ui/relative-time";
import { orNotFound } from "@/lib/api/page";
import { pageViewer } from "@/lib/cache/page-reader";
import { getUserForAdmin } from "@/lib/services/moderation/admin-users";
import { auditEntriesIn } from "@/lib/services/moderation/audit-words";
import { getUserSpamState } from "@/lib/services/spam/silence";
import { UserSpamPanel } from "@/components/spam/user-spam-panel";
import { isDeletedName } from "@/lib/deleted-member";

export const generateMetadata = () => adminMetadata("member");

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

/** Admins: one member — their posts, the flags against them, suspensions and staff actions, with the actions. */
export default async function AdminUserPage({ params }: { params: Promise<{ id: string }> }) {
  const { id: raw } = await params;
  const viewer = await pageViewer();
  if (!viewer) redirect(`/login?callbackUrl=/admin/users/${encodeURIComponent(raw)}`);
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2147483647) notFound();
  const d = await orNotFound(getUserForAdmin(viewer, { userId: Number(raw) }));
  const spam = await getUserSpamState(viewer, { userId: Number(raw) });
  const u = d.user;
  const [t, ta, tw, format, locale] = await Promise.all([
    getTranslations("AdminUser"),
    getTranslations("Admin"),
    getTranslations("AuditWords"),
    getFormatter(),
    getLocale(),
  ]);
  const words = { t: tw as (key: string, values?: Record<string, string | number>) => string, locale };
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6">
      <AdminNav current="/admin/users" />
      <p className="text-sm">
        <Link href="/admin/users" className="text-sky-700 underline underline-offset-2 dark:text-sky-400">
          {t("allMembers")}
        </Link>
      </p>
      <header className="flex flex-wrap items-center gap-4">
        <Avatar src={u.avatar} name={u.username} size={56} decorative />
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-semibold break-all">{u.username}</h1>
          <div className="flex flex-wrap gap-1">
            <Badge tone={ROLE_TONE[u.role]}>{ta(`role.${u.role}`)}</Badge>
            {u.bot ? <Badge tone="info">{ta("bot")}</Badge> : null}
            {u.suspendedUntil ? <Badge tone="danger">{ta("suspendedUntil", { date: humanDateIn(locale, u.suspendedUntil) })}</Badge> : null}
          </div>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {u.email} · {t("joined")} <RelativeTime iso={u.joinedAt} /> · {t("lastSeen")}{" "}
            {u.lastSeenAt ? <RelativeTime iso={u.lastSeenAt} /> : t("never")} ·{" "}
            <Link href={`/u/${encodeURIComponent(u.username)}`} className="text-sky-700 underline underline-offset-2 dark:text-sky-400">
              {t("publicProfile")}
            </Link>
          </p>
        </div>
      </header>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {(
          [
            ["posts", u.postCount],
            ["comments", u.commentCount],
            ["flagsAgainst", u.flagsAgainst],
            ["openFlags", u.openFlagsAgainst],
          ] as const
        ).map(([k, v]) => (
          <div key={k} className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
            <dt className="text-xs text-zinc-600 dark:text-zinc-400">{t(`stat.${k}`)}</dt>
            <dd className="text-xl font-semibold tabular-nums">{format.number(v)}</dd>
          </div>
        ))}
      </dl>

      <div className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
        {u.id === viewer.id ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("thisIsYou")}</p>
        ) : (
          <AdminUserActions user={u} can={d.can} bot={u.bot} />
        )}
      </div>

      <div className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
        <UserSpamPanel userId={u.id} username={u.username} state={spam} canAct={u.id !== viewer.id && d.can.suspend} />
      </div>

      {/* Admins only; never their own account nor another admin's (the server refuses both, 403). */}
      {viewer.role === "ADMIN" && u.id !== viewer.id && !isDeletedName(u.username) ? (
        <div className="rounded-lg border border-red-300 p-4 dark:border-red-900">
          {u.role === "ADMIN" ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("deleteAccount.adminNote")}</p>
          ) : (
            <AdminDeleteAccount userId={u.id} username={u.username} />
          )}
        </div>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2">
        <Section id="user-posts" title={t("latestPosts")} count={u.postCount}>
          {d.posts.length ? (
            <ul className={listClass}>
              {d.posts.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center gap-2 p-3">
                  <Link href={`/posts/${p.id}`} className="min-w-0 grow font-medium break-words hover:underline">
                    {p.title}
                  </Link>
                  {p.status !== "PUBLISHED" ? (
                    <Badge tone={STATUS_TONE[p.status as keyof typeof STATUS_TONE] ?? "neutral"}>
                      {t("postStatus", { status: p.status })}
                    </Badge>
                  ) : null}
                  {p.hidden ? <Badge tone="warning">{t("hiddenByFlags")}</Badge> : null}
                  <span className="text-xs text-zinc-600 dark:text-zinc-400">
                    <RelativeTime iso={p.createdAt} /> · {t("comments", { count: p.commentCount, shown: format.number(p.commentCount) })}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <Empty>{t("noPosts")}</Empty>
          )}
        </Section>

        <Section id="user-flags" title={t("flagsAgainst")} count={u.flagsAgainst}>
          {d.flags.length ? (
            <ul className={listClass} data-testid="user-flags">
              {d.flags.map((f) => (
                <li key={f.id} className="space-y-1 p-3">
                  <p>
                    {t.rich("flagLine", {
                      reason: f.reason,
                      strong: (chunks) => <span className="font-medium">{chunks}</span>,
                      target: () => (
                        <Link
                          href={f.commentId ? `/posts/${f.post.id}#comment-${f.commentId}` : `/posts/${f.post.id}`}
                          className="text-sky-700 underline underline-offset-2 dark:text-sky-400"
                        >
                          {f.commentId ? t("flagOnComment", { title: f.post.title }) : t("flagOnPost", { title: f.post.title })}
                        </Link>
                      ),
                      reporter: () => (
                        <Link
                          href={`/admin/users/${f.reporter.id}`}
                          className="text-sky-700 underline underline-offset-2 dark:text-sky-400"
                        >
                          {f.reporter.username}
                        </Link>
                      ),
                    })}
                  </p>
                  {f.note ? <p className="break-words text-zinc-700 dark:text-zinc-300">“{f.note}”</p> : null}
                  {f.excerpt ? (
                    <blockquote className="border-l-2 border-zinc-300 pl-3 break-words text-zinc-700 dark:border-zinc-700 dark:text-zinc-300">
                      {f.excerpt}
                    </blockquote>
                  ) : null}
                  <p className="text-xs text-zinc-600 dark:text-zinc-400">
                    <RelativeTime iso={f.createdAt} /> ·{" "}
                    {f.status === "OPEN" ? t("flagOpen") : t("flagResolved", { outcome: f.action ?? "" })}
                  </p>
                </li>
              ))}
            </ul>
          ) : (
            <Empty>{t("noFlags")}</Empty>
          )}
        </Section>
      </div>

      <Section id="user-suspensions" title={t("suspensionHistory")}>
        {d.suspensions.length ? (
          <AuditList entries={auditEntriesIn(d.suspensions, words)} label={t("suspensionsLabel")} />
        ) : (
          <Empty>{t("neverSuspended")}</Empty>
        )}
      </Section>

      <Section id="user-audit" title={t("staffActions")}>
        {d.audit.length ? (
          <AuditList entries={auditEntriesIn(d.audit, words)} label={t("staffActionsLabel")} />
        ) : (
          <Empty>{t("noneYet")}</Empty>
        )}
        <p className="text-sm">
          <Link href={`/admin/audit?subject=${u.id}`} className="text-sky-700 underline underline-offset-2 dark:text-sky-400">
            {t("allInAuditLog")}
          </Link>
        </p>
      </Section>
    </div>
  );
}
