import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AdminNav } from "@/components/admin/admin-nav";
import { Link } from "@/components/ui/link";
import { buttonClass } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";
import { orNotFound } from "@/lib/api/page";
import { pageViewer } from "@/lib/cache/page-reader";
import { listAuditLog } from "@/lib/services/moderation/admin-users";

export const metadata: Metadata = { title: "Audit log · Administration" };

const SIZE = 50;
const show = (v: unknown) => (v === null || v === undefined ? "—" : JSON.stringify(v));

/** Admins: every admin action with who, what, when, before and after (issue 18). Others get the 404 page. */
export default async function AuditLogPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/admin/audit");
  const page = Math.max(0, Math.min(10_000, Number((await searchParams).page) || 0));
  const rows = await orNotFound(listAuditLog(viewer, page, SIZE + 1));
  const list = rows.slice(0, SIZE);
  return (
    <div className="mx-auto w-full max-w-4xl space-y-4">
      <h1 className="text-2xl font-semibold">Audit log</h1>
      <AdminNav current="/admin/audit" />
      {list.length ? (
        <ol
          className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white text-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900/40"
          aria-label="Admin actions, newest first"
        >
          {list.map((e) => (
            <li key={e.id} className="space-y-1 p-3" data-testid="audit-entry">
              <p>
                <strong>{e.actor?.username ?? "someone (deleted)"}</strong>{" "}
                <code className="rounded bg-zinc-100 px-1 dark:bg-zinc-800">{e.action}</code> on {e.targetType}
                {e.targetId !== null ? ` #${e.targetId}` : ""} ·{" "}
                <RelativeTime iso={e.createdAt} className="text-zinc-600 dark:text-zinc-400" />
              </p>
              <p className="font-mono text-xs break-all text-zinc-700 dark:text-zinc-300">
                before {show(e.before)} → after {show(e.after)}
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{page ? "No more entries." : "No admin action yet."}</p>
      )}
      <nav aria-label="Pagination" className="flex justify-between">
        {page > 0 ? (
          <Link href={`/admin/audit?page=${page - 1}`} className={buttonClass("secondary", "sm")}>
            ← Newer
          </Link>
        ) : (
          <span />
        )}
        {rows.length > SIZE ? (
          <Link href={`/admin/audit?page=${page + 1}`} className={buttonClass("secondary", "sm")}>
            Older →
          </Link>
        ) : (
          <span />
        )}
      </nav>
    </div>
  );
}
