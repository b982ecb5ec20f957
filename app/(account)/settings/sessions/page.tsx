import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { redirect } from "next/navigation";
import { SessionsManager } from "@/components/settings/sessions-manager";
import { pageViewer } from "@/lib/cache/page-reader";
import { listSignIns } from "@/lib/services/auth/sessions";

export const metadata: Metadata = { title: "Active sign-ins" };

export default async function SessionsPage() {
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/settings/sessions");
  const signIns = await listSignIns(viewer.id, viewer.session);
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Active sign-ins</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          Browsers you signed in with, and apps that signed in with your password (login tokens). End any you do not recognise, and{" "}
          <Link href="/settings/password" className="text-sky-700 underline underline-offset-2 dark:text-sky-400">
            change your password
          </Link>{" "}
          if someone else may know it. Personal API tokens are under{" "}
          <Link href="/settings/tokens" className="text-sky-700 underline underline-offset-2 dark:text-sky-400">
            API tokens
          </Link>
          .
        </p>
      </div>
      <SessionsManager initialSignIns={signIns} />
    </div>
  );
}
