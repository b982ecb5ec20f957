"use client";

import { useRouter } from "next/navigation";
import type { SelectHTMLAttributes } from "react";
import { inputClass } from "@/components/ui/field";

/**
 * A select whose GET form applies on change (no Filter button to press): the form's URL
 * with its fields, opened as an in-app navigation. Without JavaScript the form's own submit button
 * (in a <noscript>) does the same.
 */
export function AutoSubmitSelect(props: SelectHTMLAttributes<HTMLSelectElement>) {
  const router = useRouter();
  return (
    <select
      {...props}
      className={`${inputClass} ${props.className ?? ""}`}
      onChange={(e) => {
        const form = e.currentTarget.form;
        if (!form) return;
        const q = new URLSearchParams();
        for (const [k, v] of new FormData(form)) if (typeof v === "string" && v !== "") q.set(k, v);
        const url = new URL(form.action, window.location.href);
        router.push(`${url.pathname}${q.size ? `?${q}` : ""}`);
      }}
    />
  );
}
