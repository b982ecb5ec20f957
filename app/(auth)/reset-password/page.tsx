import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { ResetForm } from "./reset-form";

export const metadata: Metadata = { title: "Choose a new password" };

export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const token = (await searchParams).token;
  return (
    <div className="mx-auto w-full max-w-sm py-8">
      <div className="rounded-lg border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <h1 className="mb-2 text-xl font-semibold">Choose a new password</h1>
        {typeof token === "string" && token ? (
          <>
            <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">This signs you out on every other device and browser.</p>
            <ResetForm token={token} />
          </>
        ) : (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            This link is incomplete. Open the link from the mail again, or{" "}
            <Link href="/forgot-password" className="underline">
              ask for a new one
            </Link>
            .
          </p>
        )}
      </div>
    </div>
  );
}
