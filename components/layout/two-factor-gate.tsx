import type { ReactNode } from "react";
import { ShieldAlert } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { buttonClass } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { pageReader } from "@/lib/cache/page-reader";
import { mustSetUpTwoFactor } from "@/lib/services/auth/two-factor";

/**
 * Where an admin requires two-factor sign-in of staff (site setting `staffTwoFactor`), a moderator or
 * admin without it is shown this in place of every forum and admin page until it is on (issue 60: "sent
 * to set it up before anything else"); Settings stay open, so the set-up can be done. A shared render
 * (the page cache) is never a staff member's, so it reads nothing. Server-only: no client messages.
 */
export async function TwoFactorGate({ children }: { children: ReactNode }) {
  const { viewer, shared } = await pageReader();
  if (shared || !viewer || !(await mustSetUpTwoFactor(viewer))) return <>{children}</>;
  const t = await getTranslations("TwoFactor");
  return (
    <section
      className="mx-auto w-full max-w-xl space-y-4 rounded-lg border border-amber-300 bg-amber-50 p-6 dark:border-amber-800 dark:bg-amber-950"
      data-testid="two-factor-gate"
      aria-labelledby="two-factor-gate-heading"
    >
      <h1 id="two-factor-gate-heading" className="flex items-center gap-2 text-2xl font-semibold">
        <ShieldAlert aria-hidden className="size-6 text-amber-700 dark:text-amber-300" />
        {t("requiredHeading")}
      </h1>
      <p className="text-sm text-zinc-800 dark:text-zinc-200">{t("requiredIntro")}</p>
      <Link href="/settings/two-factor" className={buttonClass("primary")}>
        {t("setUp")}
      </Link>
    </section>
  );
}
