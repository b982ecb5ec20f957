"use client";
import NextLink from "next/link";
import { useRouter } from "next/navigation";
import { useRef, type ComponentProps } from "react";

/**
 * The app's link. Next prefetches every `<Link>` in the viewport, and each prefetch of a dynamic
 * route is a server render: one home view cost ~50 renders of pages nobody opened. Here a
 * route is prefetched only on intent (pointer over the link for a moment, keyboard focus, touch start),
 * when the visitor is likely to open it.
 */
/** How long the pointer rests on a link before its route is prefetched. */
export const INTENT_DELAY_MS = 120;

/** Whether an app path is a route worth prefetching (a page, not an API, upload or build file). */
export const isPageRoute = (path: string) => path.startsWith("/") && !/^\/(?:api|uploads|_next)\//.test(path);

export function Link({ prefetch, onMouseEnter, onMouseLeave, onFocus, onTouchStart, ...props }: ComponentProps<typeof NextLink>) {
  const router = useRouter();
  const href = typeof props.href === "string" ? props.href : null;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const warm = () => {
    if (href && isPageRoute(href)) router.prefetch(href);
  };
  if (prefetch === true)
    return (
      <NextLink prefetch {...props} onMouseEnter={onMouseEnter} onMouseLeave={onMouseLeave} onFocus={onFocus} onTouchStart={onTouchStart} />
    );
  return (
    <NextLink
      {...props}
      prefetch={false}
      onMouseEnter={(e) => {
        timer.current = setTimeout(warm, INTENT_DELAY_MS);
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
