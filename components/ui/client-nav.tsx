"use client";
import { useRouter } from "next/navigation";
import { useRef, type HTMLAttributes, type MouseEvent, type SyntheticEvent } from "react";
import { INTENT_DELAY_MS, isPageRoute } from "@/components/ui/link";

/** The in-app anchor an event came from, or null (another origin, a new tab or window, a download, not a page route). */
function appAnchor(e: SyntheticEvent): HTMLAnchorElement | null {
  const a = (e.target as Element | null)?.closest?.("a[href]");
  if (!(a instanceof HTMLAnchorElement) || !e.currentTarget.contains(a)) return null;
  if ((a.target && a.target !== "_self") || a.hasAttribute("download") || a.origin !== window.location.origin) return null;
  return isPageRoute(a.pathname) ? a : null;
}

/**
 * A container whose plain `<a href>` links navigate in the app, as `Link` does (components/ui/link.tsx):
 * a left click without modifier keys is a client-side navigation, and the route is prefetched on intent
 * (the pointer resting on a link, keyboard focus, touch start). One set of handlers for the whole list
 * instead of a `Link` per anchor: a list of 20 post rows held ~150 of them, each rendered on the server
 * and hydrated in the browser.
 */
export function ClientNav({ children, ...props }: HTMLAttributes<HTMLDivElement>) {
  const router = useRouter();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const warm = (a: HTMLAnchorElement | null) => {
    if (a) router.prefetch(a.pathname + a.search);
  };
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = appAnchor(e);
    if (!a) return;
    e.preventDefault();
    router.push(a.pathname + a.search + a.hash);
  };
  return (
    <div
      {...props}
      onClick={onClick}
      onMouseOver={(e) => {
        clearTimeout(timer.current);
        const a = appAnchor(e);
        if (a) timer.current = setTimeout(() => warm(a), INTENT_DELAY_MS);
      }}
      onMouseOut={() => clearTimeout(timer.current)}
      onFocus={(e) => warm(appAnchor(e))}
      onTouchStart={(e) => warm(appAnchor(e))}
    >
      {children}
    </div>
  );
}
