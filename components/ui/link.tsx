"use client";
import NextLink from "next/link";
import { useRouter } from "next/navigation";
import { useRef, type ComponentProps } from "react";

/**
 * The app's link. Next prefetches every `<Link>` in the viewport, and each prefetch of a dynamic
 * route is a server render: one home view cost ~50 renders of pages nobody opened (issue 15). Here a
 * route is prefetched only on intent (pointer over the link for a moment, keyboard focus, touch start),
 * when the visitor is likely to open it.
 */
export function Link({ prefetch, onMouseEnter, onMouseLeave, onFocus, onTouchStart, ...props }: ComponentProps<typeof NextLink>) {
  const router = useRouter();
  const href = typeof props.href === "string" ? props.href : null;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const warm = () => {
    if (href && href.startsWith("/") && !href.startsWith("/api/")) router.prefetch(href);
  };
  if (prefetch === true) return <NextLink prefetch {...props} onMouseEnter={onMouseEnter} onMouseLeave={onMouseLeave} onFocus={onFocus} onTouchStart={onTouchStart} />;
  return (
    <NextLink
      {...props}
      prefetch={false}
      onMouseEnter={(e) => {
        timer.current = setTimeout(warm, 120);
        onMouseEnter?.(e);
      }}
      onMouseLeave={(e) => {
        clearTimeout(timer.current);
        onMouseLeave?.(e);
      }}
      onFocus={(e) => {
        warm();
        onFocus?.(e);
      }}
      onTouchStart={(e) => {
        warm();
        onTouchStart?.(e);
      }}
    />
  );
}
