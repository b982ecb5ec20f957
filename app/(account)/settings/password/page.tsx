import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { redirect } from "next/navigation";
import { PasswordForm } from "@/components/settings/password-form";
import { pageViewer } from "@/lib/cache/page-reader";

export const metadata: Metadata = { title: "Password" };

export default async function PasswordPage() {
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/settings/password");
  return (
    <div className="mx-auto w-full max-w-xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Password</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          Changing your password signs you out everywhere else: other browsers and apps that signed in with your password must sign in
          again. This browser stays signed in. Personal API tokens keep working (manage them under{" "}
          <Link href="/settings/tokens" className="text-sky-700 underline underline-offset-2 dark:text-sky-400">
            API tokens
          </Link>
          ).
        </p>
      </div>
      <PasswordForm />
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        See where you are signed in:{" "}
        <Link href="/settings/sessions" className="text-sky-700 underline underline-offset-2 dark:text-sky-400">
          active sign-ins
        </Link>
        .
      </p>
    </div>
  );
}
