"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useTransition, type ReactNode } from "react";
import { inputClass } from "@/components/ui/field";
import { useReportPending } from "@/components/ui/progress-store";

/**
 * The filters of an admin list: they apply as they change (typing in a search box after a short
 * pause), replacing the URL so the server renders the matching page. Without JavaScript it is a GET form.
 */
export function FilterForm({ action, label, children }: { action: string; label: string; children: ReactNode }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  useReportPending(pending);
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

export type FilterOption = { value: string; label: string };

/** A labelled search box of a FilterForm (applies after a short pause in typing). */
export function FilterSearch({
  id,
  name,
  label,
  defaultValue,
  placeholder,
  className = "min-w-40 grow basis-48",
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  placeholder: string;
  className?: string;
}) {
  return (
    <div className={`${className} space-y-1`}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input id={id} type="search" name={name} defaultValue={defaultValue} placeholder={placeholder} className={inputClass} />
    </div>
  );
}

/**
 * A labelled choice of a FilterForm (applies at once): plain options, or groups of them (`<optgroup>`),
 * the first option usually the "any" choice with the value "".
 */
export function FilterSelect({
  id,
  name,
  label,
  defaultValue,
  options,
  groups = [],
  className = "",
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  options: FilterOption[];
  groups?: { label: string; options: FilterOption[] }[];
  className?: string;
}) {
  const list = (os: FilterOption[]) =>
    os.map((o) => (
      <option key={o.value} value={o.value}>
        {o.label}
      </option>
    ));
  return (
    <div className={`${className} space-y-1`}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select id={id} name={name} defaultValue={defaultValue} className={inputClass}>
        {list(options)}
        {groups.map((g) => (
          <optgroup key={g.label} label={g.label}>
            {list(g.options)}
          </optgroup>
        ))}
      </select>
    </div>
  );
}
