"use client";

import { skipToken, useQuery } from "@tanstack/react-query";
import { Ban } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useShellMe, type HeaderMe } from "@/components/layout/shell-marks";
import { absoluteTime } from "@/components/ui/relative-time";
import { userKeys } from "@/lib/client/query-keys";
import { untilInWords } from "@/lib/human-time";

export type Suspension = NonNullable<HeaderMe["suspension"]>;

/**
 * The signed-in member's running suspension, or null. On a page every member shares it comes from
 * page-state (the header's account, `useShellMe`); on a page rendered for them alone, from the value
 * SuspensionNotice put in the query cache. Never from a shared render. Undefined-as-null until known:
 * the controls stay as members see them until page-state answers, then disappear.
 */
export function useSuspension(): Suspension | null {
  const me = useShellMe();
  const rendered = useQuery<Suspension | null>({ queryKey: userKeys.suspension(), queryFn: skipToken, enabled: false }).data;
  if (me) return me.suspension ?? null;
  return rendered ?? null;
}

/** Its children only while the member is not suspended (write controls a server component places). */
export function UnlessSuspended({ children }: { children: ReactNode }) {
  return useSuspension() ? null : children;
}

/** What stands where a write control was while the member is suspended (the comment box, the composer). */
export function SuspendedHint({ what, className = "" }: { what: string; className?: string }) {
  const s = useSuspension();
  const t = useTranslations("Suspension");
  if (!s) return null;
  return (
    <p
      className={`rounded-md bg-zinc-100 p-3 text-sm text-zinc-700 dark:bg-zinc-900 dark:text-zinc-300 ${className}`}
      data-testid="suspended-hint"
    >
      <Ban aria-hidden="true" className="mr-1 inline h-4 w-4 align-[-3px]" />
      {isSilence(s.until) ? t("silencedHint", { what }) : t.rich("hint", { what, until: () => <Until iso={s.until} /> })}
    </p>
  );
}

/** A silence (issue 58) is a suspension without an end (lib/services/spam/silence.ts SILENCE_UNTIL). */
const isSilence = (until: string) => new Date(until).getUTCFullYear() >= 9999;

function Until({ iso }: { iso: string }) {
  const locale = useLocale() === "zh-CN" ? "zh-CN" : "en";
  return (
    <time dateTime={iso} title={absoluteTime(iso, locale)} suppressHydrationWarning>
      {untilInWords(iso, undefined, locale)}
    </time>
  );
}

/**
 * The notice on every page while the member is suspended: until when (in words, relative too), the
 * reason the admin gave, and what they can still do. The page's write controls are gone meanwhile
 * (New post, comment and reply boxes, reactions, edits), each asking useSuspension.
 */
export function SuspensionBanner() {
  const s = useSuspension();
  const t = useTranslations("Suspension");
  if (!s) return null;
  return (
    <section
      aria-labelledby="suspension-title"
      className="border-b border-red-200 bg-red-50 text-red-950 dark:border-red-900 dark:bg-red-950/60 dark:text-red-100"
      data-testid="suspension-notice"
    >
      <div className="mx-auto flex max-w-5xl gap-3 px-3 py-3 sm:px-4">
        <Ban aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-red-700 dark:text-red-300" />
        <div className="min-w-0 space-y-1 text-sm">
          <h2 id="suspension-title" className="font-semibold">
            {isSilence(s.until) ? t("silencedTitle") : t.rich("title", { until: () => <Until iso={s.until} /> })}
          </h2>
          {s.reason ? (
            <p data-testid="suspension-reason">
              <span className="font-medium">{t("reason")}</span> {s.reason}
            </p>
          ) : null}
          <p>{isSilence(s.until) ? t("silencedStillRead") : t("stillRead")}</p>
        </div>
      </div>
    </section>
  );
}
