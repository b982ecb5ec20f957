import type { ComponentProps } from "react";

type Variant = "primary" | "secondary" | "ghost" | "danger";
type Size = "sm" | "md";

/** Class names of a button (`.btn` and its variants in app/globals.css), for links styled as buttons too. */
export function buttonClass(variant: Variant = "primary", size: Size = "md", extra = ""): string {
  return `btn btn-${variant} btn-${size} ${extra}`.trim();
}

export function Button({
  variant = "primary",
  size = "md",
  className = "",
  type = "button",
  ...props
}: ComponentProps<"button"> & { variant?: Variant; size?: Size }) {
  return <button type={type} className={buttonClass(variant, size, className)} {...props} />;
}
