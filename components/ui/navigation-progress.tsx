"use client";

import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useSyncExternalStore } from "react";
import { beginProgress, PROGRESS_DELAY_MS, progressShown, subscribeProgress } from "@/components/ui/progress-store";

/**
 * A sign that something is on its way: at 400 ms of latency a tapped link used to show
 * nothing for seconds. A thin bar at the top of the window (role=progressbar, named "Loading…") while a client navigation, a form submit or a staff change takes longer than
 * PROGRESS_DELAY_MS; the submit button of a slow form shows a spinner (`.btn[data-pending]`) and the form
 * is aria-busy. Fast ones cost nothing visible: until the delay has passed nothing renders, and the only
 * work is a timer. No library: one store (progress-store.ts), a few lines of CSS (app/globals.css, `.nav-progress`).
 *
 * What starts it:
 * - a click on an in-app link to another page (any `<a href>`: Link, ClientNav's rows, plain anchors),
 *   seen by one listener on the window after the page's own handlers; it ends when the address changes
 *   (the App Router updates it when the new page is committed), a new document replaces this one, or after
 *   NAVIGATION_GIVE_UP_MS;
 * - a form submit: while the mutations it started run (React Query), or until the next document for a
 *   form the browser submits itself;
 * - `useReportPending(pending)`: a transition a component runs itself (the admin filters' router.replace,
 *   the refresh after a staff change).
 */
/** A navigation whose address never changes (a link to a download, an error) stops showing after this. */
const NAVIGATION_GIVE_UP_MS = 15_000;

const here = () => location.pathname + location.search;

/** Ends `end` once the address is no longer `from` (checked each frame while it runs), on page hide, or at the give-up time. */
function endOnNavigation(from: string, end: () => void) {
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    clearTimeout(giveUp);
    window.removeEventListener("pagehide", stop);
    end();
  };
  const check = () => {
    if (here() !== from) stop();
    else frame = requestAnimationFrame(check);
  };
  const giveUp = setTimeout(stop, NAVIGATION_GIVE_UP_MS);
  window.addEventListener("pagehide", stop);
  frame = requestAnimationFrame(check);
}

/** The in-app page a click opens, or null (modifier keys, another window or origin, a download, the same page). */
function navigationTarget(e: MouseEvent): string | null {
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return null;
  const a = (e.target as Element | null)?.closest?.("a[href]");
  if (!(a instanceof HTMLAnchorElement)) return null;
  if ((a.target && a.target !== "_self") || a.hasAttribute("download") || a.origin !== location.origin) return null;
  if (/^\/(?:api|uploads|_next)\//.test(a.pathname)) return null;
  const to = a.pathname + a.search;
  // Only the hash changes (or the very page): nothing to wait for.
  return to === here() ? null : to;
}

/** The submit button of a form submit (the one pressed, else the form's first). */
function submitButton(e: SubmitEvent): HTMLElement | null {
  const form = e.target as HTMLFormElement;
  return e.submitter ?? form.querySelector<HTMLElement>('button[type="submit"], button:not([type]), input[type="submit"]');
}

/** Follows one form submit: the bar, and after the delay the button's spinner and the form's aria-busy, until its work is done. */
function followSubmit(e: SubmitEvent, qc: QueryClient) {
  const form = e.target as HTMLFormElement;
  const button = submitButton(e);
  const end = beginProgress();
  let marked = false;
  const mark = setTimeout(() => {
    marked = true;
    form.setAttribute("aria-busy", "true");
    button?.setAttribute("data-pending", "");
  }, PROGRESS_DELAY_MS);
  const done = () => {
    clearTimeout(mark);
    if (marked) {
      form.removeAttribute("aria-busy");
      button?.removeAttribute("data-pending");
    }
    end();
  };
  // After the page's handlers have run (and started their mutations).
  setTimeout(() => {
    // The browser submits it itself: until the answer replaces this page.
    if (!e.defaultPrevented) return endOnNavigation(here(), done);
    if (!qc.isMutating()) return done();
    const unsubscribe = qc.getMutationCache().subscribe(() => {
      if (qc.isMutating()) return;
      unsubscribe();
      done();
    });
  }, 0);
}

/** The bar; mounted once (app/providers.tsx). */
export function NavigationProgress() {
  const t = useTranslations("Header");
  const qc = useQueryClient();
  const visible = useSyncExternalStore(subscribeProgress, progressShown, () => false);

  useEffect(() => {
    // Bubbling on the window: after React's handlers on the document (Link and ClientNav prevent the
    // browser's navigation and start the router's; a plain anchor loads a new document).
    const onClick = (e: MouseEvent) => {
      const to = navigationTarget(e);
      if (to !== null) endOnNavigation(here(), beginProgress());
    };
    const onSubmit = (e: SubmitEvent) => followSubmit(e, qc);
    window.addEventListener("click", onClick);
    window.addEventListener("submit", onSubmit);
    return () => {
      window.removeEventListener("click", onClick);
      window.removeEventListener("submit", onSubmit);
    };
  }, [qc]);

  // An indeterminate progressbar (no value): screen readers name it when it appears.
  return visible ? <div role="progressbar" aria-label={t("progress")} className="nav-progress" data-testid="nav-progress" /> : null;
}
