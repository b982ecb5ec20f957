"use client";

import { Icon } from "@/components/ui/icon";
import { useState } from "react";
import { useTranslations } from "next-intl";

/**
 * Signs out of the Auth.js session and returns to the home page. Auth.js's client is loaded on the
 * click: the header is on every page, and its ~25 KB (unminified) would otherwise load and initialise
 * with every page for a button that is rarely pressed.
 */
export function HeaderSignOut({ className = "nav-link disabled:opacity-50" }: { className?: string }) {
  const t = useTranslations("Menu");
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const { signOut } = await import("next-auth/react");
          await signOut({ redirectTo: "/" });
        } catch {
          setBusy(false); // the script could not be fetched (offline): the button can be pressed again
        }
      }}
      className={className}
    >
      <Icon name="log-out" className="h-5 w-5" />
      <span>{busy ? t("signingOut") : t("signOut")}</span>
    </button>
  );
}
