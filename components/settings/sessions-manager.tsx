"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound, LogOut, Monitor } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { FieldError } from "@/components/ui/field";
import { api, fieldErrors } from "@/lib/client/api-client";
import { userKeys } from "@/lib/client/query-keys";
import type { SignInDto } from "@/lib/validation/auth";

/** A fixed, locale-independent format, so server and client render the same text. */
const when = (iso: string | null, never: string) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : never);

/** A short name for a User-Agent string ("Firefox on Linux"), the full string stays in the title. */
function describe(ua: string, t: (key: "unknownClient" | "browserOn", values?: { browser: string; os: string }) => string): string {
  if (!ua) return t("unknownClient");
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrom(e|ium)\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : null;
  const os = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad/.test(ua)
      ? "iOS"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X/.test(ua)
          ? "macOS"
          : /Linux/.test(ua)
            ? "Linux"
            : null;
  if (browser) return os ? t("browserOn", { browser, os }) : browser;
  return ua.length > 40 ? `${ua.slice(0, 40)}…` : ua;
}

/** The caller's browser sessions and login tokens; end one, or all of them ("sign out everywhere"). */
export function SessionsManager({ initialSignIns }: { initialSignIns: SignInDto[] }) {
  const t = useTranslations("SettingsSessions");
  const never = t("never");
  const qc = useQueryClient();
  const router = useRouter();
  const signIns = useQuery({ queryKey: userKeys.sessions(), queryFn: () => api.signIns(), initialData: initialSignIns });

  const end = useMutation({
    mutationFn: (s: SignInDto) => api.endSignIn(s),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: userKeys.sessions() });
      void qc.invalidateQueries({ queryKey: userKeys.tokens() });
    },
  });
  const everywhere = useMutation({
    mutationFn: () => api.logoutEverywhere(),
    // This browser's session ended too: start again from the sign-in page, with a fresh header.
    onSuccess: () => {
      router.replace("/login?callbackUrl=/settings/sessions");
      router.refresh();
    },
  });

  const error = end.error ?? everywhere.error;
  return (
    <div className="space-y-4">
      {error ? <FieldError id="sessions-error" message={fieldErrors(error).form ?? t("error")} /> : null}
      <ul
        className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
        data-testid="sign-ins"
      >
        {signIns.data.map((s) => {
          const Icon = s.kind === "browser" ? Monitor : KeyRound;
          const label =
            s.kind === "browser"
              ? describe(s.userAgent, t)
              : s.userAgent
                ? t("loginTokenFrom", { client: describe(s.userAgent, t) })
                : t("loginToken");
          return (
            <li key={`${s.kind}-${s.id}`} className="flex flex-wrap items-center gap-3 p-3">
              <Icon aria-hidden className="size-5 shrink-0 text-zinc-500 dark:text-zinc-400" />
              <div className="min-w-0 flex-1">
                <p className="font-medium" title={s.userAgent || undefined}>
                  {label}
                  {s.current ? (
                    <span className="ml-2 rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-medium text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
                      {s.kind === "browser" ? t("thisBrowser") : t("thisToken")}
                    </span>
                  ) : null}
                </p>
                <p className="text-xs text-zinc-600 dark:text-zinc-400">
                  {t("signedIn", { at: when(s.createdAt, never), last: when(s.lastUsedAt, never) })}
                  {s.ip ? t("from", { ip: s.ip }) : ""}
                </p>
              </div>
              {s.current ? null : (
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={end.isPending && end.variables?.id === s.id && end.variables.kind === s.kind}
                  aria-label={t("endLabel", { label, at: when(s.createdAt, never) })}
                  onClick={() => end.mutate(s)}
                >
                  {t("end")}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 p-4 dark:border-red-900">
        <p className="min-w-0 flex-1 text-sm">
          <span className="font-medium">{t("everywhere")}</span>
          <span className="block text-zinc-600 dark:text-zinc-400">{t("everywhereHint")}</span>
        </p>
        <ConfirmButton
          variant="danger"
          size="md"
          disabled={everywhere.isPending}
          message={t("everywhereConfirm")}
          confirmLabel={t("everywhere")}
          onConfirm={() => everywhere.mutate()}
        >
          <LogOut aria-hidden className="size-4" />
          {everywhere.isPending ? t("signingOut") : t("everywhere")}
        </ConfirmButton>
      </div>
    </div>
  );
}
