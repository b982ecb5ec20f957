"use client";

import { Icon } from "@/components/ui/icon";
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
      className="nav-link disabled:opacity-50"
    >
      <Icon name="log-out" className="h-4 w-4 sm:hidden" />
      <span className="sr-only sm:not-sr-only">Sign out</span>
    </button>
  );
}
