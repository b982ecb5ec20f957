"use client";

import { Link } from "@/components/ui/link";
import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { api } from "@/lib/client/api-client";

/** Under the header while the member's address is unverified: why posting is limited, and "send again". */
export function VerifyNotice({ email, allowance }: { email: string; allowance: number }) {
  const t = useTranslations("VerifyNotice");
  const resend = useMutation({ mutationFn: api.resendVerification });
  return (
    <div
      role="region"
      aria-label={t("label")}
      className="border-t border-amber-200 bg-amber-50 text-amber-950 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100"
      data-testid="verify-notice"
    >
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm sm:px-4">
        <p>{t.rich("text", { email, count: allowance, strong: (chunks) => <strong className="break-all">{chunks}</strong> })}</p>
        <Link href="/verify" className="font-medium underline">
          {t("enterCode")}
        </Link>
        <button
          type="button"
          onClick={() => resend.mutate()}
          disabled={resend.isPending || resend.isSuccess}
          className="font-medium underline focus-visible:outline-2 focus-visible:outline-sky-600 disabled:no-underline disabled:opacity-70"
        >
          {resend.isPending ? t("sending") : resend.isSuccess ? t("sent") : t("sendAgain")}
        </button>
        {resend.isError ? (
          <span role="alert" className="text-red-800 dark:text-red-300">
            {resend.error.message}
          </span>
        ) : null}
      </div>
    </div>
  );
}
