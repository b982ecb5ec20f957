import { getLocale, getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { adminMetadata } from "@/components/admin/admin-meta";
import { AdminNav } from "@/components/admin/admin-nav";
import { AuditList } from "@/components/admin/audit-line";
import { FilterForm, FilterSearch, FilterSelect } from "@/components/admin/filter-form";
import { buttonClass } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { orNotFound, pageSearchParams } from "@/lib/api/page";
import { pageViewer } from "@/lib/cache/page-reader";
import { listAudit } from "@/lib/services/moderation/audit-log";
import { AUDIT_ACTIONS, auditEntriesIn } from "@/lib/services/moderation/audit-words";
import { auditQuerySchema } from "@/lib/validation/admin-users";

export const generateMetadata = () => adminMetadata("audit");

// Every action of a kind (`post` selects post.*); the labels are Audit.kind.<kind>.
const KINDS = ["post", "comment", "flag", "user", "category", "tag", "good"] as const;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Admins: every staff action as a sentence with links, filterable by who and what. Others get the 404 page. */
export default async function AuditLogPage({ searchParams }: Props) {
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/admin/audit");
  const sp = await pageSearchParams(searchParams);
  const one = (k: string) => (typeof sp[k] === "string" && sp[k] ? (sp[k] as string) : undefined);
  const parsed = auditQuerySchema.safeParse({
    actor: one("actor"),
    action: one("action"),
    subject: one("subject"),
    page: one("page"),
    pageSize: one("pageSize"),
  });
  const q = parsed.success ? parsed.data : auditQuerySchema.parse({});
  const data = await orNotFound(listAudit(viewer, q));
  const href = (page: number) => {
    const p = new URLSearchParams();
    if (q.actor) p.set("actor", q.actor);
    if (q.action) p.set("action", q.action);
    if (q.subject !== undefined) p.set("subject", String(q.subject));
    if (page) p.set("page", String(page));
    const qs = p.toString();
    return qs ? `/admin/audit?${qs}` : "/admin/audit";
  };
  const filtered = !!(q.actor || q.action || q.subject !== undefined);
  const [t, ta, tw, locale] = await Promise.all([
    getTranslations("Audit"),
    getTranslations("Admin"),
    getTranslations("AuditWords"),
    getLocale(),
  ]);
  // The action labels are AuditActions.<kind>.<verb> (a dotted key is a path in the catalogs).
  const tActions = await getTranslations("AuditActions");
  const words = { t: tw as (key: string, values?: Record<string, string | number>) => string, locale };

  return (
    <div className="mx-auto w-full max-w-4xl space-y-4">
      <h1 className="text-2xl font-semibold">{ta("page.audit")}</h1>
      <AdminNav current="/admin/audit" />
      <FilterForm action="/admin/audit" label={t("filterLabel")}>
        <FilterSearch id="audit-actor" name="actor" label={t("by")} defaultValue={q.actor ?? ""} placeholder={t("byPlaceholder")} />
        <FilterSelect
          id="audit-action"
          name="action"
          label={t("action")}
          defaultValue={q.action ?? ""}
          className="min-w-40 grow basis-56"
          options={[{ value: "", label: t("everyAction") }]}
          groups={[
            { label: t("kinds"), options: KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) })) },
            { label: t("actions"), options: AUDIT_ACTIONS.map((a) => ({ value: a, label: tActions(a) })) },
          ]}
        />
        {q.subject !== undefined ? <input type="hidden" name="subject" value={q.subject} /> : null}
      </FilterForm>
      {q.subject !== undefined ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {t.rich("onlyAbout", {
            id: q.subject,
            member: (chunks) => (
              <Link href={`/admin/users/${q.subject}`} className="text-sky-700 underline underline-offset-2 dark:text-sky-400">
                {chunks}
              </Link>
            ),
          })}{" "}
          ·{" "}
          <Link href="/admin/audit" className="text-sky-700 underline underline-offset-2 dark:text-sky-400">
            {t("showEveryone")}
          </Link>
        </p>
      ) : null}
      {data.items.length ? (
        <AuditList entries={auditEntriesIn(data.items, words)} label={t("listLabel")} />
      ) : (
        <p className="rounded-lg border border-dashed border-zinc-300 p-6 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
          {q.page ? t("noMore") : filtered ? t("noMatch") : t("noneYet")}
        </p>
      )}
      <nav aria-label={ta("pagination")} className="flex justify-between">
        {q.page > 0 ? (
          <Link href={href(q.page - 1)} className={buttonClass("secondary", "sm")}>
            {t("newer")}
          </Link>
        ) : (
          <span />
        )}
        {data.hasMore ? (
          <Link href={href(q.page + 1)} className={buttonClass("secondary", "sm")}>
            {t("older")}
          </Link>
        ) : (
          <span />
        )}
      </nav>
    </div>
  );
}
