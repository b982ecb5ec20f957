import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { SignOutButton } from "@/components/layout/sign-out-button";
import { pageViewer } from "@/lib/cache/page-reader";

export const metadata: Metadata = { title: "Sign out" };

export default async function LogoutPage() {
  const viewer = await pageViewer();
  return (
    <div className="mx-auto w-full max-w-sm py-8">
      <div className="rounded-lg border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <h1 className="mb-4 text-xl font-semibold">Sign out</h1>
        {viewer ? (
          <>
            <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">
              You are signed in as <strong>{viewer.username}</strong>. API tokens you created keep working until you revoke them.
            </p>
            <SignOutButton />
          </>
        ) : (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            You are signed out.{" "}
            <Link href="/login" className="text-sky-700 underline dark:text-sky-400">
              Sign in
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}
