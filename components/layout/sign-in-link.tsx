"use client";

import type { ReactNode } from "react";
import { usePathname } from "next/navigation";
import { Link } from "@/components/ui/link";

/** A "Sign in" link that comes back to the page it was clicked on (login's callbackUrl). */
export function SignInLink({ className, children = "Sign in" }: { className?: string; children?: ReactNode }) {
  const path = usePathname() || "/";
  const href =
    path === "/" || path.startsWith("/login") || path.startsWith("/register") ? "/login" : `/login?callbackUrl=${encodeURIComponent(path)}`;
  return (
    <Link href={href} className={className}>
      {children}
    </Link>
  );
}
