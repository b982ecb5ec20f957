import { getFormatter, getTranslations } from "next-intl/server";
import { Link } from "@/components/ui/link";
import { redirect } from "next/navigation";
import { adminMetadata } from "@/components/admin/admin-meta";
import { env } from "@/lib/env";
import { orNotFound } from "@/lib/api/page";
import { pageViewer } from "@/lib/cache/page-reader";
import { adminMailbox } from "@/lib/mail/files";

export const generateMetadata = () => adminMetadata("mail");

/** Admins: the mail written to $DATA_DIR/mail/ when no SMTP server is configured, newest first. */
export default async function AdminMailPage() {
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/admin/mail");
  const { files, outbox } = await orNotFound(adminMailbox(viewer));
  const smtp = !!env().SMTP_URL;
  const [t, ta, format] = await Promise.all([getTranslations("AdminMail"), getTranslations("Admin"), getFormatter()]);
  return (
    <div className="mx-auto w-full max-w-4xl space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">{ta("page.mail")}</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{smtp ? t("smtp") : t("files")}</p>
      </div>
      <section aria-labelledby="outbox-heading" className="space-y-2">
        <h2 id="outbox-heading" className="text-sm font-semibold">
          {t("outbox")}
        </h2>
        <dl className="flex flex-wrap gap-2 text-sm" data-testid="outbox-counts">
          {(Object.entries(outbox.counts) as [string, number][]).map(([status, n]) => (
            <div key={status} className="rounded-md border border-zinc-200 px-3 py-1.5 dark:border-zinc-800">
              <dt className="inline text-zinc-600 dark:text-zinc-400">{t("status", { status })}</dt>{" "}
              <dd className="inline font-semibold tabular-nums">{format.number(n)}</dd>
            </div>
          ))}
        </dl>
        {outbox.troubled.length ? (
          <ul className="space-y-1 text-sm" aria-label={t("troubled")}>
            {outbox.troubled.map((m) => (
              <li
                key={m.id}
                className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100"
              >
                <span className="font-medium">{t("kindTo", { kind: m.kind, to: m.to })}</span>
                {t("colon")}
                {m.status === "failed"
                  ? t("gaveUp", { attempts: m.attempts })
                  : t("retrying", { attempts: m.attempts, next: m.nextAttemptAt.replace("T", " ").slice(0, 19) })}
                <span className="block text-xs break-all opacity-80">{m.lastError}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      {files.length === 0 ? (
        <p className="rounded-lg border border-dashed border-zinc-300 p-6 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
          {t("none")}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
          <table className="w-full text-left text-sm" data-testid="mail-table">
            <caption className="sr-only">{t("caption")}</caption>
            <thead className="bg-zinc-50 text-xs text-zinc-600 uppercase dark:bg-zinc-900 dark:text-zinc-400">
              <tr>
                <th scope="col" className="hidden px-3 py-2 sm:table-cell">
                  {t("sent")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("to")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("subject")}
                </th>
              </tr>
            </thead>
            <tbody>
              {files.map((f) => (
                <tr key={f.name} className="border-t border-zinc-200 dark:border-zinc-800">
                  <td className="hidden px-3 py-2 whitespace-nowrap text-zinc-600 sm:table-cell dark:text-zinc-400">
                    <time dateTime={f.date}>{f.date.replace("T", " ").slice(0, 19)}</time>
                  </td>
                  <td className="px-3 py-2 break-all">{f.to}</td>
                  <td className="px-3 py-2">
                    <Link href={`/admin/mail/${encodeURIComponent(f.name)}`} className="text-sky-700 underline dark:text-sky-400">
                      {f.subject || t("noSubject")}
                    </Link>
                    <span className="block text-xs text-zinc-500 sm:hidden dark:text-zinc-400">
                      {f.date.replace("T", " ").slice(0, 16)}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
