"use client";

import { useId, useRef, useState, type ButtonHTMLAttributes, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

type Variant = "primary" | "secondary" | "ghost" | "danger";

/**
 * The one confirmation style of the app (no browser `confirm()` pop-ups): the button opens
 * an inline question below it with the action and Cancel; the action's button takes focus, Escape or
 * Cancel closes it and focus returns to the button. `onConfirm` runs once, on the second press.
 * Inside a flex row the question takes a line of its own.
 */
export function ConfirmButton({
  message,
  confirmLabel,
  onConfirm,
  tone = "danger",
  variant = "secondary",
  size = "sm",
  children,
  disabled,
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "onClick"> & {
  /** The question: what happens, and what cannot be undone. */
  message: ReactNode;
  /** The action's button in the question ("Delete post"). */
  confirmLabel: string;
  onConfirm: () => void;
  /** "danger" for destructive actions (red action button), "primary" otherwise. */
  tone?: "danger" | "primary";
  variant?: Variant;
  size?: "sm" | "md";
}) {
  const t = useTranslations("Ui");
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const id = useId();
  const cancel = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  return (
    <>
      <Button
        ref={trigger}
        {...props}
        variant={variant}
        size={size}
        disabled={disabled}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {children}
      </Button>
      {open ? (
        <div
          id={id}
          role="group"
          aria-labelledby={`${id}-q`}
          data-testid="confirm"
          className="basis-full space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-zinc-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-zinc-100"
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              e.stopPropagation();
              cancel();
            }
          }}
        >
          <p id={`${id}-q`}>{message}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant={tone}
              autoFocus
              disabled={disabled}
              onClick={() => {
                setOpen(false);
                onConfirm();
              }}
            >
              {confirmLabel}
            </Button>
            <Button size="sm" variant="secondary" onClick={cancel}>
              {t("cancel")}
            </Button>
          </div>
        </div>
      ) : null}
    </>
  );
}
