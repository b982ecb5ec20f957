"use client";

import { useId, useState, type ReactNode } from "react";
import { Icon } from "@/components/ui/icon";

/**
 * On phones, `children` fold behind a button (so a long filter list does not push the first post
 * below the first screen); from the `sm` breakpoint up they are always shown and the button is gone.
 */
export function PhoneCollapse({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex items-center gap-1 rounded-md border border-zinc-300 px-2.5 py-1 text-xs font-medium text-zinc-700 focus-visible:outline-2 focus-visible:outline-sky-600 sm:hidden dark:border-zinc-700 dark:text-zinc-300"
      >
        {label}
        <Icon name="chevron-down" className={`h-3.5 w-3.5 transition-transform ${open ? "rotate-180" : ""}`} />
      </button>
      <div id={id} className={open ? "mt-2 sm:mt-0" : "hidden sm:block"}>
        {children}
      </div>
    </>
  );
}
