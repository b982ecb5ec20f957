import { getTranslations } from "next-intl/server";
import { adminExists } from "@/lib/services/site/setup";

/**
 * Until the first administrator exists (issue 61), every page says how to finish setting the site up:
 * with the one-time address `npm start` printed. Once one exists this costs nothing (remembered).
 */
export async function SetupNotice() {
  if (await adminExists()) return null;
  const t = await getTranslations("Setup");
  return (
    <p
      role="status"
      className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
      data-testid="setup-notice"
    >
      {t("notice")}
    </p>
  );
}
