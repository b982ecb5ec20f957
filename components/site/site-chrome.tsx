"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Megaphone } from "lucide-react";
import { Icon } from "@/components/ui/icon";
import { Link } from "@/components/ui/link";
import { siteApi, siteKeys } from "@/lib/client/site-api";

const VISITOR_KEY = "forum.banner.dismissed";

/**
 * The announcement banner and the new-terms request (issue 61). The page's document is shared (the page
 * cache), so it carries the banner for its audience and nothing of the member: a member's dismissal and
 * terms state come from GET /api/users/me/site-state after the page, a visitor's dismissal from this
 * browser's storage. A member's banner waits hidden for that answer rather than flash and go.
 */
export function SiteChrome({ member, banner }: { member: boolean; banner: { html: string; version: number } | null }) {
  const t = useTranslations("SiteChrome");
  const qc = useQueryClient();
  const state = useQuery({ queryKey: siteKeys.myState(), queryFn: siteApi.myState, enabled: member, staleTime: 60_000, retry: false });
  const [visitorDismissed, setVisitorDismissed] = useState<number | null>(null);
  useEffect(() => {
    if (member) return;
    const v = Number(window.localStorage.getItem(VISITOR_KEY) ?? 0);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the browser's storage is read after hydration, never on the server
    setVisitorDismissed(v);
  }, [member]);
  const dismiss = useMutation({
    mutationFn: (version: number) => siteApi.dismissBanner(version),
    onSuccess: () => qc.invalidateQueries({ queryKey: siteKeys.myState() }),
  });
  const accept = useMutation({
    mutationFn: (version: number) => siteApi.acceptTerms(version),
    onSuccess: () => qc.invalidateQueries({ queryKey: siteKeys.myState() }),
  });

  const bannerShown =
    banner &&
    (member ? state.data !== undefined && !state.data.bannerDismissed && !dismiss.isSuccess : visitorDismissed !== banner.version);
  const terms = member ? state.data?.terms : undefined;

  return (
    <>
      {banner && bannerShown ? (
        <section
          aria-label={t("bannerLabel")}
          className="border-b border-sky-200 bg-sky-50 text-sky-950 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-50"
          data-testid="site-banner"
        >
          <div className="mx-auto flex max-w-5xl items-start gap-3 px-3 py-2 text-sm sm:px-4">
            <Megaphone aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            <div className="markdown-body min-w-0 flex-1 [&_p]:my-0" dangerouslySetInnerHTML={{ __html: banner.html }} />
            <button
              type="button"
              className="inline-flex h-7 w-7 shrink-0 items-center justify-center rounded hover:bg-sky-100 focus-visible:outline-2 focus-visible:outline-sky-600 dark:hover:bg-sky-900"
              aria-label={t("dismiss")}
              onClick={() => {
                if (member) dismiss.mutate(banner.version);
                else {
                  window.localStorage.setItem(VISITOR_KEY, String(banner.version));
                  setVisitorDismissed(banner.version);
                }
              }}
            >
              <Icon name="x" className="h-4 w-4" />
            </button>
          </div>
        </section>
      ) : null}
      {terms?.mustAccept && !accept.isSuccess ? (
        <section
          role="region"
          aria-label={t("termsLabel")}
          className="border-b border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
          data-testid="terms-prompt"
        >
          <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-3 px-3 py-2 text-sm sm:px-4">
            <p className="min-w-0 flex-1">
              {t.rich("termsChanged", {
                link: (chunks) => (
                  <Link href="/terms" className="font-medium underline">
                    {chunks}
                  </Link>
                ),
              })}
            </p>
            <Button size="sm" onClick={() => accept.mutate(terms.version)} disabled={accept.isPending}>
              {t("accept")}
            </Button>
            {accept.isError ? <p role="alert">{t("acceptFailed")}</p> : null}
          </div>
        </section>
      ) : null}
    </>
  );
}
