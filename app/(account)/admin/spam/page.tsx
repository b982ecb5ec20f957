import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { adminMetadata } from "@/components/admin/admin-meta";
import { AdminNav } from "@/components/admin/admin-nav";
import { ScreenedEmails, ScreenedIps, WatchedWords } from "@/components/spam/spam-lists";
import { SpamActivity } from "@/components/spam/spam-activity";
import { orNotFound } from "@/lib/api/page";
import { pageViewer } from "@/lib/cache/page-reader";
import { listScreenedEmails, listScreenedIps, listWatchedWords } from "@/lib/services/spam/lists";
import { spamSummary } from "@/lib/services/spam/summary";

export const generateMetadata = () => adminMetadata("spam");

/** Admins: watched words, screened email domains and addresses, and what the defence did lately (issue 58). */
export default async function AdminSpamPage() {
  const t = await getTranslations("Admin");
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/admin/spam");
  const [words, emails, ips, summary] = await orNotFound(
    Promise.all([listWatchedWords(viewer), listScreenedEmails(viewer), listScreenedIps(viewer), spamSummary(viewer)]),
  );
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6">
      <h1 className="text-2xl font-semibold">{t("page.spam")}</h1>
      <AdminNav current="/admin/spam" />
      <SpamActivity summary={summary} />
      <WatchedWords words={words} />
      <ScreenedEmails items={emails} />
      <ScreenedIps items={ips} />
    </div>
  );
}
