"use client";

import { LogOut } from "lucide-react";
import { signOut } from "next-auth/react";
import { useState } from "react";

/** Signs out of the Auth.js session and returns to the home page. */
export function HeaderSignOut() {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        await signOut({ redirectTo: "/" });
      }}
      className="inline-flex h-9 items-center rounded-md px-2 text-sm text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-sky-600 disabled:opacity-50 dark:text-zinc-300 dark:hover:bg-zinc-800"
    >
      <LogOut aria-hidden="true" className="h-4 w-4 sm:hidden" />
      <span className="sr-only sm:not-sr-only">Sign out</span>
    </button>
  );
}
