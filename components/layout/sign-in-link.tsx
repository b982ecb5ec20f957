"use client";

import type { ReactNode } from "react";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { Link } from "@/components/ui/link";

/** A "Sign in" link that comes back to the page it was clicked on (login's callbackUrl). */
export function SignInLink({ className, children }: { className?: string; children?: ReactNode }) {
  const t = useTranslations("Header");
  const path = usePathname() || "/";
  const href =
    path === "/" || path.startsWith("/login") || path.startsWith("/register") ? "/login" : `/login?callbackUrl=${encodeURIComponent(path)}`;
  return (
    <Link href={href} className={className}>
      {children ?? t("signIn")}
    </Link>
  );
}
