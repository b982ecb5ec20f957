import type { ReactNode } from "react";

type Tone = "neutral" | "info" | "warning" | "danger" | "success";

/** A small rounded label; its colours are the `.badge-*` classes in app/globals.css. */
export function Badge({ tone = "neutral", children, title }: { tone?: Tone; children: ReactNode; title?: string }) {
  return (
    <span title={title} className={`badge badge-${tone}`}>
      {children}
    </span>
  );
}
