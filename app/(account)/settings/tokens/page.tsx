import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { TokensManager } from "@/components/settings/tokens-manager";
import { pageViewer } from "@/lib/cache/page-reader";
import { listPersonalTokens } from "@/lib/services/auth/personal-tokens";

export const metadata: Metadata = { title: "API tokens" };

export default async function TokensPage() {
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/settings/tokens");
  const tokens = await listPersonalTokens(viewer);
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">API tokens</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          Personal tokens let scripts and apps use the API as you: send{" "}
          <code className="rounded bg-zinc-100 px-1 dark:bg-zinc-800">Authorization: Bearer &lt;token&gt;</code>. A read token can only
          read; a read and write token can also post, comment and react.
        </p>
      </div>
      <TokensManager initialTokens={tokens} />
    </div>
  );
}
