import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AdminNav } from "@/components/admin/admin-nav";
import { AuditList } from "@/components/admin/audit-line";
import { FilterForm } from "@/components/admin/filter-form";
import { buttonClass } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { Link } from "@/components/ui/link";
import { orNotFound } from "@/lib/api/page";
import { pageViewer } from "@/lib/cache/page-reader";
import { listAudit } from "@/lib/services/moderation/audit-log";
import { AUDIT_ACTIONS } from "@/lib/services/moderation/audit-words";
import { auditQuerySchema } from "@/lib/validation/admin-users";

export const metadata: Metadata = { title: "Audit log · Administration" };

const KINDS: { value: string; label: string }[] = [
  { value: "post", label: "Posts (all)" },
  { value: "comment", label: "Comments (all)" },
  { value: "flag", label: "Flags (all)" },
  { value: "user", label: "Members (all)" },
  { value: "category", label: "Categories (all)" },
  { value: "tag", label: "Tags (all)" },
  { value: "good", label: "Point goods (all)" },
];

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Admins: every staff action as a sentence with links, filterable by who and what (issue 47). Others get the 404 page. */
export default async function AuditLogPage({ searchParams }: Props) {
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/admin/audit");
  const sp = await searchParams;
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

  return (
    <div className="mx-auto w-full max-w-4xl space-y-4">
      <h1 className="text-2xl font-semibold">Audit log</h1>
      <AdminNav current="/admin/audit" />
      <FilterForm action="/admin/audit" label="Filter the audit log">
        <div className="min-w-40 grow basis-48 space-y-1">
          <label htmlFor="audit-actor" className="block text-sm font-medium">
            By
          </label>
          <input
            id="audit-actor"
            type="search"
            name="actor"
            defaultValue={q.actor ?? ""}
            placeholder="Staff username"
            className={inputClass}
          />
        </div>
        <div className="min-w-40 grow basis-56 space-y-1">
          <label htmlFor="audit-action" className="block text-sm font-medium">
            Action
          </label>
          <select id="audit-action" name="action" defaultValue={q.action ?? ""} className={inputClass}>
            <option value="">Every action</option>
            <optgroup label="Kinds">
              {KINDS.map((k) => (
                <option key={k.value} value={k.value}>
                  {k.label}
                </option>
              ))}
            </optgroup>
            <optgroup label="Actions">
              {Object.entries(AUDIT_ACTIONS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </optgroup>
          </select>
        </div>
        {q.subject !== undefined ? <input type="hidden" name="subject" value={q.subject} /> : null}
      </FilterForm>
      {q.subject !== undefined ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Only actions about{" "}
          <Link href={`/admin/users/${q.subject}`} className="text-sky-700 underline underline-offset-2 dark:text-sky-400">
            member #{q.subject}
          </Link>{" "}
          ·{" "}
          <Link href="/admin/audit" className="text-sky-700 underline underline-offset-2 dark:text-sky-400">
            show everyone
          </Link>
        </p>
      ) : null}
      {data.items.length ? (
        <AuditList entries={data.items} label="Staff actions, newest first" />
      ) : (
        <p className="rounded-lg border border-dashed border-zinc-300 p-6 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
          {q.page ? "No more entries." : filtered ? "No staff action matches these filters." : "No staff action yet."}
        </p>
      )}
      <nav aria-label="Pagination" className="flex justify-between">
        {q.page > 0 ? (
          <Link href={href(q.page - 1)} className={buttonClass("secondary", "sm")}>
            ← Newer
          </Link>
        ) : (
          <span />
        )}
        {data.hasMore ? (
          <Link href={href(q.page + 1)} className={buttonClass("secondary", "sm")}>
            Older →
          </Link>
        ) : (
          <span />
        )}
      </nav>
    </div>
  );
}
