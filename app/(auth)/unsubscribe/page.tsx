import type { Metadata } from "next";
import { UnsubscribeButton } from "./unsubscribe-button";

export const metadata: Metadata = { title: "Unsubscribe" };

const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : "");

/** The footer link of every mail: asks before turning notification mail off (mail scanners open links too). */
export default async function UnsubscribePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  return (
    <div className="mx-auto w-full max-w-sm py-8">
      <div className="rounded-lg border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <h1 className="mb-2 text-xl font-semibold">Stop notification mail</h1>
        <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">
          You will get no more reply, mention or digest mail. Password-reset and verification mail still arrive when you ask for them.
        </p>
        <UnsubscribeButton u={one(sp.u)} t={one(sp.t)} />
      </div>
    </div>
  );
}
