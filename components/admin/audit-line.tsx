import { useTranslations } from "next-intl";
import { Link } from "@/components/ui/link";
import { RelativeTime } from "@/components/ui/relative-time";
import type { AuditEntryDto } from "@/lib/validation/admin-users";

const show = (v: unknown) => (v === null || v === undefined ? "—" : JSON.stringify(v, null, 2));

/**
 * One audit entry as a sentence ("moderator approved alice's post “Title”"): members link to their
 * admin page, the target to itself; the raw before/after stay one click away. The page says the
 * sentence in its language (auditEntriesIn) before it comes here.
 */
export function AuditLine({ entry }: { entry: AuditEntryDto }) {
  const t = useTranslations("Audit");
  return (
    <li className="space-y-1 p-3" data-testid="audit-entry">
      <p className="break-words">
        {entry.parts.map((p, i) =>
          p.kind === "text" ? (
            <span key={i}>{p.text}</span>
          ) : p.kind === "user" ? (
            <Link key={i} href={`/admin/users/${p.id}`} className="font-medium text-sky-700 underline underline-offset-2 dark:text-sky-400">
              {p.username}
            </Link>
          ) : p.href ? (
            <Link key={i} href={p.href} className="text-sky-700 underline underline-offset-2 dark:text-sky-400">
              {p.text}
            </Link>
          ) : (
            <span key={i}>{p.text}</span>
          ),
        )}
      </p>
      <div className="flex flex-wrap items-baseline gap-x-3 text-xs text-zinc-600 dark:text-zinc-400">
        <RelativeTime iso={entry.createdAt} />
        <details className="group">
          <summary className="cursor-pointer hover:underline">{t("details")}</summary>
          <dl className="mt-1 grid gap-1 font-mono break-all text-zinc-700 dark:text-zinc-300">
            <dt className="font-sans font-medium">{t("action")}</dt>
            <dd>
              {entry.targetId !== null
                ? t("actionOnId", { action: entry.action, type: entry.targetType, id: entry.targetId })
                : t("actionOn", { action: entry.action, type: entry.targetType })}
            </dd>
            <dt className="font-sans font-medium">{t("before")}</dt>
            <dd>
              <pre className="whitespace-pre-wrap">{show(entry.before)}</pre>
            </dd>
            <dt className="font-sans font-medium">{t("after")}</dt>
            <dd>
              <pre className="whitespace-pre-wrap">{show(entry.after)}</pre>
            </dd>
          </dl>
        </details>
      </div>
    </li>
  );
}

/** A list of audit lines (the audit log, a member's page). */
export function AuditList({ entries, label }: { entries: AuditEntryDto[]; label: string }) {
  return (
    <ol
      className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white text-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900/40"
      aria-label={label}
    >
      {entries.map((e) => (
        <AuditLine key={e.id} entry={e} />
      ))}
    </ol>
  );
}
