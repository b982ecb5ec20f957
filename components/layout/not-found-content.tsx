"use client";

// A client component only so that its markup is not repeated in every page's RSC payload (the root
// not-found page is embedded in each one): the payload then names the component instead.
import { Link } from "@/components/ui/link";
import { buttonClass } from "@/components/ui/button";

export function NotFoundContent() {
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <p className="text-5xl font-bold text-zinc-500 dark:text-zinc-400" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-semibold">Page not found</h1>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">This page does not exist, or you are not allowed to see it.</p>
      <Link href="/" className={buttonClass("primary", "md", "mt-6")}>
        Back to the forum
      </Link>
    </div>
  );
}
