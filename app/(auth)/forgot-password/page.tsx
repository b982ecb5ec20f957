import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { ForgotForm } from "./forgot-form";

export const metadata: Metadata = { title: "Forgot your password" };

export default function ForgotPasswordPage() {
  return (
    <div className="mx-auto w-full max-w-sm py-8">
      <div className="rounded-lg border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <h1 className="mb-2 text-xl font-semibold">Forgot your password?</h1>
        <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">
          Enter the email address of your account. We will mail you a link to choose a new password; it works once, for one hour.
        </p>
        <ForgotForm />
        <p className="mt-6 text-sm text-zinc-600 dark:text-zinc-400">
          Remembered it?{" "}
          <Link href="/login" className="text-sky-700 underline dark:text-sky-400">
            Sign in
          </Link>
        </p>
      </div>
    </div>
  );
}
