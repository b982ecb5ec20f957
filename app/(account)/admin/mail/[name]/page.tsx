import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Link } from "@/components/ui/link";
import { notFound, redirect } from "next/navigation";
import { orNotFound, pageSegment } from "@/lib/api/page";
import { pageViewer } from "@/lib/cache/page-reader";
import { adminMailFile } from "@/lib/mail/files";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AdminMail");
  return { title: t("mail") };
}

/** One .eml file: its headers, the text part with clickable links, and the HTML part in a sandboxed frame. */
export default async function AdminMailFilePage({ params }: { params: Promise<{ name: string }> }) {
  const { name } = await params;
  const viewer = await pageViewer();
  if (!viewer) redirect(`/login?callbackUrl=/admin/mail/${encodeURIComponent(name)}`);
  const mail = await orNotFound(adminMailFile(viewer, pageSegment(name)));
  if (!mail) notFound();
  const t = await getTranslations("AdminMail");
  const parts = mail.text.split(/(https?:\/\/[^\s<>"]+)/g);
  return (
    <div className="mx-auto w-full max-w-4xl space-y-4">
      <Link href="/admin/mail" className="text-sm text-sky-700 underline dark:text-sky-400">
        {t("allMail")}
      </Link>
      <h1 className="text-2xl font-semibold break-words">{mail.subject || t("noSubject")}</h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-zinc-500 dark:text-zinc-400">{t("from")}</dt>
        <dd className="break-all">{mail.from}</dd>
        <dt className="text-zinc-500 dark:text-zinc-400">{t("to")}</dt>
        <dd className="break-all" data-testid="mail-to">
          {mail.to}
        </dd>
        <dt className="text-zinc-500 dark:text-zinc-400">{t("date")}</dt>
        <dd>
          <time dateTime={mail.date}>{t("utc", { time: mail.date.replace("T", " ").slice(0, 19) })}</time>
        </dd>
      </dl>
      <section aria-labelledby="text-part">
        <h2 id="text-part" className="mb-2 text-sm font-semibold">
          {t("textPart")}
        </h2>
        <pre
          className="overflow-x-auto rounded-lg border border-zinc-200 bg-zinc-50 p-4 text-sm break-words whitespace-pre-wrap dark:border-zinc-800 dark:bg-zinc-900"
          data-testid="mail-text"
        >
          {parts.map((p, i) =>
            i % 2 === 1 ? (
              <a key={i} href={p} className="text-sky-700 underline dark:text-sky-400">
                {p}
              </a>
            ) : (
              p
            ),
          )}
        </pre>
      </section>
      {mail.html ? (
        <section aria-labelledby="html-part">
          <h2 id="html-part" className="mb-2 text-sm font-semibold">
            {t("htmlPart")}
          </h2>
          <iframe
            title={t("htmlFrame")}
            sandbox=""
            srcDoc={mail.html}
            className="h-[32rem] w-full rounded-lg border border-zinc-200 bg-white dark:border-zinc-800"
          />
        </section>
      ) : null}
      <details className="text-sm">
        <summary className="cursor-pointer font-semibold">{t("allHeaders")}</summary>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 font-mono text-xs">
          {mail.headers.map((h, i) => (
            <div key={i} className="contents">
              <dt className="text-zinc-500 dark:text-zinc-400">{h.name}</dt>
              <dd className="break-all">{h.value}</dd>
            </div>
          ))}
        </dl>
      </details>
    </div>
  );
}
