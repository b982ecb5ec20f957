import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Link } from "@/components/ui/link";
import { redirect } from "next/navigation";
import { pageViewer } from "@/lib/cache/page-reader";
import { safeLocalPath } from "@/lib/safe-path";
import { getRegistrationMode } from "@/lib/services/shared/site-settings";
import { RegisterForm } from "./register-form";
import { signUpFormScreen } from "@/lib/services/spam/signup";
import { ssoOnly } from "@/lib/services/auth/sso";
import { oidcConfigured, oidcLabel } from "@/lib/auth-oidc";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("Auth"))("registerMeta") };
}

export default async function RegisterPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const callbackUrl = safeLocalPath((await searchParams).callbackUrl);
  if (await pageViewer()) redirect(callbackUrl);
  const closed = (await getRegistrationMode()) === "CLOSED";
  // SSO-only sign-in (docs/accounts.md): new members come through the identity provider's first sign-in.
  const sso = !closed && (await ssoOnly());
  const [t, tl] = await Promise.all([getTranslations("Auth"), getTranslations("Legal")]);
  return (
    <div className="mx-auto w-full max-w-sm py-8">
      <div className="rounded-lg border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <h1 className="mb-4 text-xl font-semibold">{t("registerHeading")}</h1>
        {closed ? (
          <p
            role="status"
            className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
            data-testid="registration-closed"
          >
            {t("registrationClosed")}
          </p>
        ) : sso ? (
          <p
            role="status"
            className="rounded-md bg-sky-50 p-3 text-sm text-sky-900 dark:bg-sky-950/40 dark:text-sky-200"
            data-testid="registration-sso"
          >
            {t("ssoOnlyRegister", { provider: oidcConfigured() ? oidcLabel() : "GitHub / Google" })}{" "}
            <Link href="/login" className="underline">
              {t("signIn")}
            </Link>
          </p>
        ) : (
          <>
            <RegisterForm callbackUrl={callbackUrl} screen={await signUpFormScreen()} />
            {/* Signing up accepts the terms in force, recorded with the account (issue 61). */}
            <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400" data-testid="signup-terms">
              {tl.rich("signUpAgree", {
                terms: (c) => (
                  <Link href="/terms" className="text-sky-700 underline dark:text-sky-400">
                    {c}
                  </Link>
                ),
                privacy: (c) => (
                  <Link href="/privacy" className="text-sky-700 underline dark:text-sky-400">
                    {c}
                  </Link>
                ),
              })}
            </p>
          </>
        )}
        <p className="mt-6 text-sm text-zinc-600 dark:text-zinc-400">
          {t("alreadyRegistered")}{" "}
          <Link href="/login" className="text-sky-700 underline dark:text-sky-400">
            {t("signIn")}
          </Link>
        </p>
      </div>
    </div>
  );
}
