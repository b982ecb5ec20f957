import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Link } from "@/components/ui/link";
import { ForgotForm } from "./forgot-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("Auth"))("forgotMeta") };
}

export default async function ForgotPasswordPage() {
  const t = await getTranslations("Auth");
  return (
    <div className="mx-auto w-full max-w-sm py-8">
      <div className="rounded-lg border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <h1 className="mb-2 text-xl font-semibold">{t("forgotHeading")}</h1>
        <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">{t("forgotIntro")}</p>
        <ForgotForm />
        <p className="mt-6 text-sm text-zinc-600 dark:text-zinc-400">
          {t("remembered")}{" "}
          <Link href="/login" className="text-sky-700 underline dark:text-sky-400">
            {t("signIn")}
          </Link>
        </p>
      </div>
    </div>
  );
}
