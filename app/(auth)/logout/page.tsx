import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Link } from "@/components/ui/link";
import { SignOutButton } from "@/components/layout/sign-out-button";
import { pageViewer } from "@/lib/cache/page-reader";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("Auth"))("signOutMeta") };
}

export default async function LogoutPage() {
  const viewer = await pageViewer();
  const t = await getTranslations("Auth");
  return (
    <div className="mx-auto w-full max-w-sm py-8">
      <div className="rounded-lg border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <h1 className="mb-4 text-xl font-semibold">{t("signOut")}</h1>
        {viewer ? (
          <>
            <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">
              {t.rich("signedInAs", { username: viewer.username, strong: (c) => <strong>{c}</strong> })}
            </p>
            <SignOutButton />
          </>
        ) : (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {t("signedOut")}{" "}
            <Link href="/login" className="text-sky-700 underline dark:text-sky-400">
              {t("signIn")}
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}
