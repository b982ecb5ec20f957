"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useTransition, type ReactNode } from "react";

/**
 * The filters of an admin list: they apply as they change (typing in a search box after a short
 * pause), replacing the URL so the server renders the matching page. Without JavaScript it is a GET form.
 */
export function FilterForm({ action, label, children }: { action: string; label: string; children: ReactNode }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = () => {
    clearTimeout(timer.current);
    const params = new URLSearchParams();
    for (const [k, v] of new FormData(form.current!)) if (typeof v === "string" && v.trim()) params.set(k, v.trim());
    const qs = params.toString();
    startTransition(() => router.replace(qs ? `${action}?${qs}` : action, { scroll: false }));
  };

  return (
    <form
      ref={form}
      method="get"
      action={action}
      role="search"
      aria-label={label}
      aria-busy={pending}
      className="flex flex-wrap items-end gap-3"
      onChange={(e) => {
        const t = e.target as unknown as HTMLInputElement;
        if (t.type === "search" || t.type === "text") {
          clearTimeout(timer.current);
          timer.current = setTimeout(apply, 350);
        } else apply();
      }}
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
    >
      {children}
    </form>
  );
}
