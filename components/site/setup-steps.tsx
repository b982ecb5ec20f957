import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";

/** The frame of each first-run setup step (issue 61): which of the three it is, a heading, the form. */
export async function SetupStep({ step, title, intro, children }: { step: 1 | 2 | 3; title: string; intro: string; children: ReactNode }) {
  const t = await getTranslations("Setup");
  return (
    <div className="mx-auto w-full max-w-md py-6" data-testid={`setup-step-${step}`}>
      <div className="rounded-lg border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("stepOf", { step, steps: 3 })}</p>
        <h1 className="mt-1 mb-2 text-xl font-semibold">{title}</h1>
        <p className="mb-4 text-sm text-zinc-700 dark:text-zinc-300">{intro}</p>
        {children}
      </div>
    </div>
  );
}
