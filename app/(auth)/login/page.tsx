import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { redirect } from "next/navigation";
import { oauthProviders } from "@/lib/auth";
import { pageViewer } from "@/lib/cache/page-reader";
import { safeLocalPath } from "@/lib/safe-path";
import { signInWithProvider } from "@/lib/actions/auth";
import { LoginForm } from "./login-form";

export const metadata: Metadata = { title: "Sign in" };

/** Auth.js sends OAuth failures back here as `?error=…`. */
const OAUTH_ERRORS: Record<string, string> = {
  OAuthAccountNotLinked: "This email is already used by another account.",
  AccessDenied: "Access was denied.",
  Configuration: "Sign-in is not configured correctly on the server.",
};

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const callbackUrl = safeLocalPath(sp.callbackUrl);
  if (await pageViewer()) redirect(callbackUrl);
  const oauthError =
    typeof sp.error === "string" && sp.error !== "CredentialsSignin" ? (OAUTH_ERRORS[sp.error] ?? "Sign-in failed, try again.") : null;
  const providers = (["github", "google"] as const).filter((p) => oauthProviders[p]);

  return (
    <div className="mx-auto w-full max-w-sm py-8">
      <div className="rounded-lg border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <h1 className="mb-4 text-xl font-semibold">Sign in</h1>
        {oauthError ? (
          <p role="alert" className="mb-4 text-sm text-red-700 dark:text-red-400">
            {oauthError}
          </p>
        ) : null}
        <LoginForm callbackUrl={callbackUrl} />
        <p className="mt-3 text-sm">
          <Link href="/forgot-password" className="text-sky-700 underline dark:text-sky-400">
            Forgot your password?
          </Link>
        </p>
        {providers.length > 0 ? (
          <div className="mt-6 space-y-2 border-t border-zinc-200 pt-4 dark:border-zinc-800">
            {providers.map((p) => (
              <form key={p} action={signInWithProvider}>
                <input type="hidden" name="provider" value={p} />
                <input type="hidden" name="callbackUrl" value={callbackUrl} />
                <button
                  type="submit"
                  className="inline-flex h-10 w-full items-center justify-center rounded-md border border-zinc-300 text-sm font-medium hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-sky-600 dark:border-zinc-700 dark:hover:bg-zinc-800"
                >
                  Continue with {p === "github" ? "GitHub" : "Google"}
                </button>
              </form>
            ))}
          </div>
        ) : null}
        <p className="mt-6 text-sm text-zinc-600 dark:text-zinc-400">
          No account yet?{" "}
          <Link
            href={callbackUrl === "/" ? "/register" : `/register?callbackUrl=${encodeURIComponent(callbackUrl)}`}
            className="text-sky-700 underline dark:text-sky-400"
          >
            Register
          </Link>
        </p>
      </div>
    </div>
  );
}
