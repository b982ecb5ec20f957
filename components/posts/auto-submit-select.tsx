"use client";

import type { SelectHTMLAttributes } from "react";
import { inputClass } from "@/components/ui/field";

/** A select that submits its form on change (the form's button remains for keyboard and no-JS use). */
export function AutoSubmitSelect(props: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select {...props} className={`${inputClass} ${props.className ?? ""}`} onChange={(e) => e.currentTarget.form?.requestSubmit()} />;
}
