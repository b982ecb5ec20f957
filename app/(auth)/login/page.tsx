import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Link } from "@/components/ui/link";
import { redirect } from "next/navigation";
import { oauthProviders } from "@/lib/auth";
import { pageViewer } from "@/lib/cache/page-reader";
import { safeLocalPath } from "@/lib/safe-path";
import { signInWithProvider } from "@/lib/actions/auth";
import { oidcLabel } from "@/lib/auth-oidc";
import { ssoOnly } from "@/lib/services/auth/sso";
import { LoginForm } from "./login-form";
import { PasskeySignIn } from "./passkey-sign-in";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("Auth"))("signInMeta") };
}

/** Auth.js sends OAuth failures back here as `?error=…` (their texts: Auth.oauthError.<code>). */
const OAUTH_ERRORS = [
  "OAuthAccountNotLinked",
  "AccessDenied",
  "Configuration",
  // The OpenID provider's refusals (lib/auth-oidc.ts).
  "oidc_email_unverified",
  "oidc_no_email",
  "suspended",
  "registration_closed",
] as const;

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const t = await getTranslations("Auth");
  const callbackUrl = safeLocalPath(sp.callbackUrl);
  if (await pageViewer()) redirect(callbackUrl);
  const oauthError =
    typeof sp.error === "string" && sp.error !== "CredentialsSignin"
      ? (OAUTH_ERRORS as readonly string[]).includes(sp.error)
        ? t(`oauthError.${sp.error as (typeof OAUTH_ERRORS)[number]}`)
        : t("oauthError.other")
      : null;
  const providers = (["oidc", "github", "google"] as const).filter((p) => oauthProviders[p]);
  const label = (p: (typeof providers)[number]) =>
    p === "oidc" ? t("signInWith", { provider: oidcLabel() }) : t("continueWith", { provider: p === "github" ? "GitHub" : "Google" });
  // SSO-only sign-in: the provider buttons come first (the password form stays for admins).
  const ssoFirst = providers.length > 0 && (await ssoOnly());
  const buttons =
    providers.length > 0 ? (
      <div
        className={
          ssoFirst
            ? "mb-6 space-y-2 border-b border-zinc-200 pb-4 dark:border-zinc-800"
            : "mt-6 space-y-2 border-t border-zinc-200 pt-4 dark:border-zinc-800"
        }
        data-testid="sign-in-providers"
      >
        {providers.map((p) => (
          <form key={p} action={signInWithProvider}>
            <input type="hidden" name="provider" value={p} />
            <input type="hidden" name="callbackUrl" value={callbackUrl} />
            <button
              type="submit"
              className="inline-flex h-10 w-full items-center justify-center rounded-md border border-zinc-300 text-sm font-medium hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-sky-600 dark:border-zinc-700 dark:hover:bg-zinc-800"
            >
              {label(p)}
            </button>
          </form>
        ))}
      </div>
    ) : null;

  return (
    <div className="mx-auto w-full max-w-sm py-8">
      <div className="rounded-lg border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <h1 className="mb-4 text-xl font-semibold">{t("signIn")}</h1>
        {oauthError ? (
          <p role="alert" className="mb-4 text-sm text-red-700 dark:text-red-400">
            {oauthError}
          </p>
        ) : null}
        {ssoFirst ? buttons : null}
        <LoginForm callbackUrl={callbackUrl} />
        <p className="mt-3 text-sm">
          <Link href="/forgot-password" className="text-sky-700 underline dark:text-sky-400">
            {t("forgotLink")}
          </Link>
        </p>
        <PasskeySignIn callbackUrl={callbackUrl} />
        {ssoFirst ? null : buttons}
        <p className="mt-6 text-sm text-zinc-600 dark:text-zinc-400">
          {t("noAccount")}{" "}
          <Link
            href={callbackUrl === "/" ? "/register" : `/register?callbackUrl=${encodeURIComponent(callbackUrl)}`}
            className="text-sky-700 underline dark:text-sky-400"
          >
            {t("register")}
          </Link>
        </p>
      </div>
    </div>
  );
}
