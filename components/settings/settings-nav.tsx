"use client";

import { usePathname } from "next/navigation";
import {
  Archive,
  Bell,
  Eye,
  Fingerprint,
  IdCard,
  KeyRound,
  Mail,
  MonitorSmartphone,
  ShieldBan,
  ShieldCheck,
  TerminalSquare,
  UserRound,
} from "lucide-react";
import { useTranslations } from "next-intl";
import { Link } from "@/components/ui/link";

const ITEMS = [
  { href: "/settings/profile", label: "profile", icon: UserRound },
  { href: "/settings/account", label: "account", icon: IdCard },
  { href: "/settings/notifications", label: "notifications", icon: Bell },
  { href: "/settings/watching", label: "watching", icon: Eye },
  { href: "/settings/email", label: "email", icon: Mail },
  { href: "/settings/privacy", label: "privacy", icon: ShieldBan },
  { href: "/settings/password", label: "password", icon: KeyRound },
  { href: "/settings/two-factor", label: "twoFactor", icon: ShieldCheck },
  { href: "/settings/passkeys", label: "passkeys", icon: Fingerprint },
  { href: "/settings/sessions", label: "sessions", icon: MonitorSmartphone },
  { href: "/settings/tokens", label: "tokens", icon: TerminalSquare },
  { href: "/settings/data", label: "data", icon: Archive },
] as const;

/** The settings sections: a column on desktop, a row that scrolls sideways on phones. */
export function SettingsNav() {
  const t = useTranslations("Settings");
  const path = usePathname();
  return (
    <nav aria-label={t("nav")} className="-mx-3 overflow-x-auto px-3 md:mx-0 md:px-0">
      <ul className="flex gap-1 md:flex-col">
        {ITEMS.map(({ href, label, icon: Icon }) => {
          const current = path === href;
          return (
            <li key={href} className="shrink-0">
              <Link
                href={href}
                aria-current={current ? "page" : undefined}
                className={`flex items-center gap-2 rounded-md px-3 py-2 text-sm whitespace-nowrap focus-visible:outline-2 focus-visible:outline-sky-600 ${
                  current
                    ? "bg-sky-50 font-semibold text-sky-800 dark:bg-sky-950 dark:text-sky-200"
                    : "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
                }`}
              >
                <Icon aria-hidden="true" className="h-4 w-4" />
                {t(label)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
