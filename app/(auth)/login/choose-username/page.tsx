import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { Link } from "@/components/ui/link";
import { oidcLabel, SIGNUP_COOKIE } from "@/lib/auth-oidc";
import { pageViewer } from "@/lib/cache/page-reader";
import { getPendingSignUp } from "@/lib/services/auth/oauth-users";
import { ChooseUsernameForm } from "./choose-username-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("Auth"))("chooseUsernameMeta") };
}

/** A first sign-in through the OpenID provider that makes a new member: the username is chosen here (docs/accounts.md). */
export default async function ChooseUsernamePage() {
  if (await pageViewer()) redirect("/");
  const [t, tl] = await Promise.all([getTranslations("Auth"), getTranslations("Legal")]);
  const pending = await getPendingSignUp((await cookies()).get(SIGNUP_COOKIE)?.value ?? "");
  return (
    <div className="mx-auto w-full max-w-sm py-8">
      <div className="rounded-lg border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <h1 className="mb-4 text-xl font-semibold">{t("chooseUsernameHeading")}</h1>
        {pending ? (
          <>
            <p className="mb-4 text-sm text-zinc-700 dark:text-zinc-300">
              {t("chooseUsernameIntro", { provider: oidcLabel(), email: pending.email })}
            </p>
            <ChooseUsernameForm suggested={pending.suggestedUsername} />
            {/* Making the account accepts the terms in force, as the sign-up form does (issue 61). */}
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
        ) : (
          <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="choose-username-expired">
            {t("chooseUsernameExpired")}{" "}
            <Link href="/login" className="text-sky-700 underline dark:text-sky-400">
              {t("signInAgain")}
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}
